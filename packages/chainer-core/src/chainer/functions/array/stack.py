"""Joining of variables along a new axis: :func:`stack`."""
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Stack(function_node.FunctionNode):
    """Stacks inputs of one shape and dtype along a newly inserted ``axis``."""

    def __init__(self, axis):
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.argname(in_types, tuple('xs[%d]' % i for i in range(len(in_types))))
        head = in_types[0]
        for other in in_types[1:]:
            type_check.expect(other.dtype == head.dtype, other.shape == head.shape)
        _axes.expect_axis(head, self.axis, new_axis=True)

    def forward(self, inputs):
        return grad_ops.ARRAYS.stack(inputs, self.axis),

    def backward(self, indexes, grad_outputs):
        return _stack_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _stack_back(self, indexes, grad_outputs)


def _stack_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of stacking: the output gradient separated along the same axis."""
    pieces = ops.separate(grad_outputs[0], node.axis)
    return tuple([pieces[i] for i in indexes])


def stack(xs, axis=0):
    """Stacks variables along a new axis.

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Inputs of the same shape
            and dtype.
        axis (int): Position of the new axis in the output,
            ``-ndim - 1 <= axis <= ndim`` where ``ndim`` is that of the inputs.

    Returns:
        ~chainer.Variable: A variable with one more axis, whose ``k``-th slice along ``axis``
        is ``xs[k]``.

    .. admonition:: Example

        >>> a = np.array([1, 2, 3], np.float32)
        >>> b = np.array([4, 5, 6], np.float32)
        >>> F.stack((a, b)).array
        array([[1., 2., 3.],
               [4., 5., 6.]], dtype=float32)
        >>> F.stack((a, b), axis=1).shape
        (3, 2)
    """
    return Stack(axis).apply(xs)[0]
