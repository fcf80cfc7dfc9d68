"""Log of the sum of exponentials over given axes."""
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math import _reduction
from chainer.utils import type_check


class LogSumExp(function_node.FunctionNode):
    """``log(sum(exp(x)))`` over given axes, computed stably."""

    def __init__(self, axis=None):
        self.axis = _reduction.normalize_axis(axis)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        _reduction.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        m = xp.amax(x, axis=self.axis, keepdims=True)
        m = xp.where(xp.isfinite(m), m, 0)  # all -inf (or inf/nan) rows: avoid inf - inf
        s = xp.sum(xp.exp(x - m), axis=self.axis, keepdims=True)
        y = xp.log(s) + m
        if self.axis is None:
            y = y.reshape(())
        else:
            y = xp.squeeze(y, axis=_reduction.canonical_axes(self.axis, x.ndim))
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        return _logsumexp_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _logsumexp_backward(self, indexes, grad_outputs)


def _logsumexp_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of ``y = logsumexp(x)``: ``gy * exp(x - y)``, with ``gy`` and ``y``
    broadcast back over the reduced axes (the softmax of ``x``)."""
    x, = ops.retained_inputs(node)
    y, = ops.retained_outputs(node)
    kshape = _reduction.keepdims_shape(x.shape, node.axis)
    y = ops.broadcast_to(ops.reshape(y, kshape), x.shape)
    gy = ops.broadcast_to(ops.reshape(grad_outputs[0], kshape), x.shape)
    return gy * ops.exp(x - y),


def logsumexp(x, axis=None):
    """``log(sum(exp(x)))`` over some axes, computed without overflow.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        axis (None, int, or tuple of int): The reduced axes; ``None`` (default) reduces all.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[0, 0], [100, 100]], np.float32)
        >>> np.round(F.logsumexp(x, axis=1).array, 4)  # log(2) + max: exp(100) would overflow
        array([  0.6931, 100.6931], dtype=float32)
        >>> print(np.round(F.logsumexp(np.zeros(4, np.float32)).array, 4))
        1.3863
    """
    return LogSumExp(axis).apply((x,))[0]
