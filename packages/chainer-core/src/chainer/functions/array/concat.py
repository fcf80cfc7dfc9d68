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
        # (the inputs keep their names ``in_types[i]`` in the messages, as in v7)
        type_check.expect(in_types.size() > 0)
        head = in_types[0]
        axis = type_check.make_variable(self.axis, 'axis')
        type_check.expect(head.ndim > axis, -head.ndim <= axis)
        ndim = type_check.eval(head.ndim)
        joined = self.axis % ndim
        for other in in_types[1:]:
            type_check.expect(head.dtype == other.dtype, head.ndim == other.ndim)
            for d in range(ndim):
                if d != joined:
                    type_check.expect(head.shape[d] == other.shape[d])

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

    .. admonition:: Example

        >>> a = np.array([[1, 2], [3, 4]], np.float32)
        >>> b = np.array([[5], [6]], np.float32)
        >>> F.concat((a, b), axis=1).array
        array([[1., 2., 5.],
               [3., 4., 6.]], dtype=float32)
        >>> F.concat((a, a)).shape  # axis=1 by default
        (2, 4)
        >>> F.concat((a, a), axis=0).shape
        (4, 2)
    """
    y, = Concat(axis).apply(xs)
    return y
