"""Type checks, dtype handling and the base class shared by the linear-algebra functions."""
import contextlib

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
    With ``_raises_on_singular``, a singular input raises ``numpy.linalg.LinAlgError`` (a
    ``ValueError``) on every device.
    """

    _routine = None
    _batched = False
    _retain_input = False
    _raises_on_singular = False

    def check_type_forward(self, in_types):
        check_square(in_types, batched=self._batched)

    def forward(self, inputs):
        a, = inputs
        if self._retain_input:
            self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(a)
        routine = getattr(xp.linalg, self._routine)
        if not self._raises_on_singular:
            y = routine(lapack_input(a))
        else:
            try:
                with _singular_raises(xp):
                    y = routine(lapack_input(a))
            except numpy.linalg.LinAlgError:
                # v7's error and message (LinAlgError is a ValueError)
                raise numpy.linalg.LinAlgError(
                    '{}: Input has singular matrices.'.format(self.label)) from None
        return utils.force_array(y, a.dtype),


def _singular_raises(xp):
    """A context in which ``xp.linalg`` raises ``LinAlgError`` for singular matrices.

    NumPy always does; CuPy only inside ``cupyx.errstate(linalg='raise')``.
    """
    if xp is numpy:
        return contextlib.nullcontext()
    import cupyx
    return cupyx.errstate(linalg='raise')
