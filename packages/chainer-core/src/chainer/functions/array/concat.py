"""Joining of variables along an existing axis: :func:`concat`."""
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Concat(function_node.FunctionNode):
    """Joins the inputs along ``axis``; their other dimensions must agree."""

    def __init__(self, axis=1):
        if not _axes.is_int(axis):
            raise TypeError('axis must be int')
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.argname(in_types, tuple('xs[%d]' % i for i in range(len(in_types))))
        head = in_types[0]
        type_check.expect(-head.ndim <= self.axis, self.axis < head.ndim)
        ndim = type_check.eval(head.ndim)
        joined = self.axis % ndim
        for other in in_types[1:]:
            type_check.expect(other.dtype == head.dtype, other.ndim == head.ndim)
            for d in range(ndim):
                if d != joined:
                    type_check.expect(other.shape[d] == head.shape[d])

    def forward(self, xs):
        self._lengths = [x.shape[self.axis] for x in xs]
        return grad_ops.ARRAYS.concat(xs, self.axis),

    def backward(self, indexes, grad_outputs):
        return _concat_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _concat_back(self, indexes, grad_outputs)


def _concat_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a concatenation: the output gradient cut back into the pieces."""
    gy, = grad_outputs
    if len(node._lengths) == 1:
        return gy,
    pieces = ops.split_axis(gy, _axes.cumulative_offsets(node._lengths), node.axis)
    return tuple([pieces[i] for i in indexes])


def concat(xs, axis=1):
    """Concatenates variables along an existing axis.

    Args:
        xs (tuple of :class:`~chainer.Variable` or :ref:`ndarray`): Inputs of one dtype whose
            shapes agree except along ``axis``.
        axis (int): The axis along which the inputs are joined (default 1).

    Returns:
        ~chainer.Variable: The concatenation.
    """
    y, = Concat(axis).apply(xs)
    return y
