"""Removal of length-one axes: :func:`squeeze`."""
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.functions.array import reshape as _reshape
from chainer.utils import type_check


def argone(iterable):
    """Returns the positions of the entries of ``iterable`` equal to one, as a list."""
    return [i for i, v in enumerate(iterable) if v == 1]


class Squeeze(function_node.FunctionNode):
    """Drops axes of length one: all of them, or those listed in ``axis``."""

    def __init__(self, axis=None):
        if axis is None or _axes.is_int(axis):
            self.axis = axis if axis is None else (axis,)
        elif isinstance(axis, tuple) and all(_axes.is_int(a) for a in axis):
            self.axis = axis
        else:
            raise TypeError('axis must be None, int or tuple of ints')

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        for a in self.axis or ():
            _axes.expect_axis(in_types[0], a)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return x.squeeze(self.axis),

    def backward(self, indexes, grad_outputs):
        return _reshape._reshape_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _reshape._reshape_back


def squeeze(x, axis=None):
    """Removes axes of length one from a variable.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis (None, int or tuple of ints): The axes to remove (each must have length one);
            ``None`` removes every axis of length one.

    Returns:
        ~chainer.Variable: The squeezed variable (a view of ``x``).

    .. admonition:: Example

        >>> x = np.zeros((1, 3, 1, 2), np.float32)
        >>> F.squeeze(x).shape
        (3, 2)
        >>> F.squeeze(x, axis=2).shape
        (1, 3, 2)
    """
    y, = Squeeze(axis).apply((x,))
    return y
