"""Sum reductions: :func:`sum` over axes and :func:`sum_to` a shape."""
import numpy

import chainer
import chainerx
from chainer import function_node
from chainer import utils
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


def _normalize_axis(axis):
    if axis is None:
        return None
    if isinstance(axis, (int, numpy.integer)):
        return (int(axis),)
    if isinstance(axis, tuple) and all(isinstance(a, (int, numpy.integer)) for a in axis):
        if len(set(axis)) != len(axis):
            raise ValueError('duplicate value in axis: ({})'.format(', '.join(map(str, axis))))
        return tuple(int(a) for a in axis)
    raise TypeError('None, int or tuple of int are required')


class Sum(function_node.FunctionNode):
    """Sum of array elements over the given axes."""

    keepdims = False

    def __init__(self, axis=None, keepdims=False):
        self.axis = _normalize_axis(axis)
        self.keepdims = keepdims

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        if self.axis is not None:
            for axis in self.axis:
                if axis >= 0:
                    type_check.expect(axis < in_types[0].ndim)
                else:
                    type_check.expect(-axis - 1 < in_types[0].ndim)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return utils.force_array(x.sum(axis=self.axis, keepdims=self.keepdims)),

    def forward_chainerx(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return chainerx.sum(x, axis=self.axis, keepdims=self.keepdims),

    def _kept_shape(self, gy_shape):
        shape = self._in_shape
        if self.keepdims or self.axis is None:
            return gy_shape  # (a full sum's 0-dim gradient broadcasts as it is)
        kept = list(gy_shape)
        for a in sorted(a % len(shape) for a in self.axis):
            kept.insert(a, 1)
        return tuple(kept)

    def backward(self, indexes, grad_outputs):
        return _sum_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _sum_backward(self, indexes, grad_outputs)


def _sum_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a sum: the output gradient broadcast back over the summed axes."""
    gy = grad_outputs[0]
    return ops.broadcast_to(ops.reshape(gy, node._kept_shape(gy.shape)), node._in_shape),


def sum(x, axis=None, keepdims=False):  # noqa: A001 - v7 name
    """Sums the elements of a variable over the given axes.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis (None, int, or tuple of int): Axes to sum over; None sums all elements.
        keepdims (bool): Keep the reduced axes as size-one dimensions.

    Returns:
        ~chainer.Variable: The sum.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> F.sum(x).array
        array(21., dtype=float32)
        >>> F.sum(x, axis=0).array
        array([5., 7., 9.], dtype=float32)
        >>> F.sum(x, axis=1, keepdims=True).array
        array([[ 6.],
               [15.]], dtype=float32)
    """
    return Sum(axis, keepdims).apply((x,))[0]


class SumTo(function_node.FunctionNode):
    """Sums an array down to a shape it was broadcast from."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return utils.force_array(utils.sum_to(x, self._shape)),

    def backward(self, indexes, grad_outputs):
        return _sum_to_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _sum_to_backward(self, indexes, grad_outputs)


def _sum_to_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of sum_to: the output gradient broadcast back to the input shape."""
    return ops.broadcast_to(grad_outputs[0], node._in_shape),


def sum_to(x, shape):
    """Sums the elements of ``x`` so that the result has ``shape`` (inverse of broadcasting).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        shape (tuple of int): Target shape; ``x.shape`` must be broadcastable from it.

    Returns:
        ~chainer.Variable: The summed variable.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> F.sum_to(x, (1, 3)).array  # sums the axes that broadcasting to x's shape would add
        array([[5., 7., 9.]], dtype=float32)
        >>> F.sum_to(x, (3,)).array
        array([5., 7., 9.], dtype=float32)
    """
    if x.shape == tuple(shape):
        return chainer.as_variable(x)
    return SumTo(shape).apply((x,))[0]
