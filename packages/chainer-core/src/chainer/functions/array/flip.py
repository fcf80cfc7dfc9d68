"""Reversal of a variable along one axis: :func:`flip`."""
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.utils import type_check


def _reversing_index(ndim, axis):
    """Basic index that reads an array of ``ndim`` axes backwards along ``axis``."""
    index = [slice(None)] * ndim
    index[axis] = slice(None, None, -1)
    return tuple(index)


class Flip(function_node.FunctionNode):
    """Reverses the order of the elements along ``axis`` (the output is a view)."""

    def __init__(self, axis):
        if not _axes.is_int(axis):
            raise TypeError('axis must be int')
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a',))
        type_check.expect(in_types[0].ndim > 0)
        _axes.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        a, = inputs
        return a[_reversing_index(a.ndim, self.axis)],

    def backward(self, indexes, grad_outputs):
        # reversing twice is the identity, so the gradient is flipped the same way
        return Flip(self.axis).apply(grad_outputs)


def flip(x, axis):
    """Reverses a variable along one axis.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input with at least one axis.
        axis (int): The axis to reverse; negative values count from the last axis.

    Returns:
        ~chainer.Variable: ``x`` with the order of its entries along ``axis`` reversed.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> F.flip(x, axis=1).array
        array([[2., 1., 0.],
               [5., 4., 3.]], dtype=float32)
    """
    return Flip(axis).apply((x,))[0]
