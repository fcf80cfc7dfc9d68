"""Insertion of a length-one axis: :func:`expand_dims`."""
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.functions.array import reshape as _reshape
from chainer.utils import type_check


class ExpandDims(function_node.FunctionNode):
    """Inserts an axis of length one at position ``axis`` (the output is a view)."""

    def __init__(self, axis):
        self.axis = int(axis)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        _axes.expect_axis(in_types[0], self.axis, new_axis=True)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        position = self.axis % (x.ndim + 1)
        return x.reshape(x.shape[:position] + (1,) + x.shape[position:]),

    def backward(self, indexes, grad_outputs):
        return _reshape._reshape_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _reshape._reshape_back


def expand_dims(x, axis):
    """Adds an axis of length one to a variable, without copying.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis (int): Position of the new axis in the output, ``-x.ndim - 1 <= axis <= x.ndim``;
            a negative value counts from the end of the output's axes.

    Returns:
        ~chainer.Variable: A variable with ``x.ndim + 1`` axes.

    .. admonition:: Example

        >>> x = np.array([1, 2, 3], np.float32)
        >>> F.expand_dims(x, axis=0).shape
        (1, 3)
        >>> F.expand_dims(x, axis=1).shape
        (3, 1)
    """
    y, = ExpandDims(axis).apply((x,))
    return y
