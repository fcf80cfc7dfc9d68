"""Type checks, dtype handling and the base class shared by the linear-algebra functions."""
import numpy

from chainer import backend, function_node, utils
from chainer.utils import type_check


def check_square(in_types, batched):
    """Type-checks one float input of square matrices, ``(n, n)`` or ``(m, n, n)``."""
    type_check.argname(in_types, ('a',))
    a_type, = in_types
    type_check.expect(a_type.dtype.kind == 'f')
    if batched:
        type_check.expect(a_type.ndim == 3, a_type.shape[-1] == a_type.shape[-2])
    else:
        type_check.expect(a_type.ndim == 2, a_type.shape[0] == a_type.shape[1])


def lapack_input(a):
    """Returns ``a`` in a dtype LAPACK accepts (float16 is computed in float32)."""
    if a.dtype == numpy.float16:
        return a.astype(numpy.float32)
    return a


class SquareMatrixFunction(function_node.FunctionNode):
    """Base of the functions applying one ``xp.linalg`` routine to square float matrices.

    Subclasses set ``_routine`` (the name of the routine, e.g. ``'inv'``), ``_batched``
    (inputs of shape ``(m, n, n)`` rather than ``(n, n)``) and ``_retain_input``; the output
    (always retained) keeps the input dtype, float16 being computed in float32.
    """

    _routine = None
    _batched = False
    _retain_input = False

    def check_type_forward(self, in_types):
        check_square(in_types, batched=self._batched)

    def forward(self, inputs):
        a, = inputs
        if self._retain_input:
            self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(a)
        y = getattr(xp.linalg, self._routine)(lapack_input(a))
        return utils.force_array(y, a.dtype),
