"""Mean and weighted average over axes."""
import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math import _reduction
from chainer.utils import type_check


class Mean(function_node.FunctionNode):
    """Arithmetic mean over given axes."""

    def __init__(self, axis=None, keepdims=False):
        self.axis = _reduction.normalize_axis(axis)
        self.keepdims = keepdims

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        _reduction.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        if x.size == 0 and _reduction.reduced_size(x.shape, self.axis) == 0:
            raise ZeroDivisionError('F.mean: the mean of no elements (an empty axis of x of '
                                    'shape {}): float division by zero'.format(x.shape))
        xp = backend.get_array_module(x)
        y = xp.mean(x, axis=self.axis, keepdims=self.keepdims)
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        return _mean_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _mean_backward(self, indexes, grad_outputs)


def _mean_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a mean of ``n`` elements: ``gy / n`` broadcast back over them."""
    gy, = grad_outputs
    shape = node._in_shape
    n = _reduction.reduced_size(shape, node.axis)
    if n:  # (an empty input: nothing to scale)
        gy = gy * gy.dtype.type(1.0 / n)
        if ops is grad_ops.ARRAYS:
            gy = utils.force_array(gy)  # NumPy makes a scalar of a 0-dim product
    if node.axis is not None:
        gy = ops.reshape(gy, _reduction.keepdims_shape(shape, node.axis))
    return ops.broadcast_to(gy, shape),


def average(x, axis=None, weights=None, keepdims=False):
    """Mean of a variable over some axes, optionally weighted.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Elements to average (float).
        axis (None, int or tuple of int): Axis or axes along which to average; None averages
            over all elements.
        weights (:class:`~chainer.Variable` or :ref:`ndarray`): Weights of the elements.
            With ``axis=None`` they are broadcast to the shape of ``x``; with an int
            ``axis`` they must have ``x.shape[axis]`` elements (in any shape). Tuple axes
            are not supported with weights.
        keepdims (bool): If ``True``, the reduced axes are kept with size one.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[1, 2], [3, 6]], np.float32)
        >>> F.average(x).array
        array(3., dtype=float32)
        >>> F.average(x, axis=1).array
        array([1.5, 4.5], dtype=float32)
        >>> w = np.array([3, 1], np.float32)
        >>> F.average(x, axis=1, weights=w).array  # (3 * x0 + 1 * x1) / 4
        array([1.25, 3.75], dtype=float32)
        >>> F.average(x, axis=0, keepdims=True).shape
        (1, 2)
    """
    axis = _reduction.normalize_axis(axis)
    if weights is None:
        return Mean(axis, keepdims).apply((x,))[0]

    F = chainer.functions
    divider = F.sum(weights)
    if axis is None:
        if x.shape != weights.shape:  # weights broadcast to x (ValueError if they cannot)
            numpy.broadcast_shapes(weights.shape, x.shape)
            weights = F.broadcast_to(weights, x.shape)
    elif len(axis) > 1:
        raise ValueError('a tuple axis cannot be combined with weights')
    else:
        # weights of x.shape[axis] elements (of any shape: InvalidType of F.reshape otherwise)
        ax = axis[0] + x.ndim if axis[0] < 0 else axis[0]
        w_shape = tuple(n if i == ax else 1 for i, n in enumerate(x.shape))
        weights = F.broadcast_to(F.reshape(weights, w_shape), x.shape)

    x_sum = F.sum(x * weights, axis, keepdims)
    if x_sum.shape != divider.shape:
        divider = F.broadcast_to(divider, x_sum.shape)
    return x_sum / divider
