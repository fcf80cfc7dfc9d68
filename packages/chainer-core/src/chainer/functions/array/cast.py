import numpy

import chainer
from chainer import function_node
from chainer.utils import type_check


class Cast(function_node.FunctionNode):

    """Cast function."""

    def __init__(self, typ):
        self.type = typ

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        self._in_type = x.dtype.type
        return x.astype(self.type, copy=False),

    def backward(self, indexes, grad_outputs):
        if numpy.dtype(self._in_type).kind != 'f':
            return None,
        gy, = grad_outputs
        return cast(gy, self._in_type),


def cast(x, typ):
    """Cast an input variable to a given type.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable to be
            casted.
        typ (:class:`str` of dtype or :class:`numpy.dtype`): Typecode or
            data type to cast.

    Returns:
        ~chainer.Variable: Variable holding a casted array. The gradient is
        cast back to the input dtype (``None`` for non-float inputs).

    .. admonition:: Example

        >>> x = np.arange(0, 3, dtype=np.float64)
        >>> F.cast(x, np.float32).dtype
        dtype('float32')

    """
    if x.dtype == typ:
        if not chainer.config.enable_backprop:
            return chainer.as_variable(x)
    return Cast(typ).apply((x,))[0]
