"""Log of the sum of exponentials over given axes."""
import chainer
from chainer import backend, function_node, utils
from chainer.functions.math import _reduction
from chainer.utils import type_check


class LogSumExp(function_node.FunctionNode):
    """``log(sum(exp(x)))`` over given axes, computed stably."""

    def __init__(self, axis=None):
        self.axis = _reduction.normalize_axis(axis)

    @property
    def label(self):
        return 'logsumexp'

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
        F = chainer.functions
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        kshape = _reduction.keepdims_shape(x.shape, self.axis)
        y = F.broadcast_to(F.reshape(y, kshape), x.shape)
        gy = F.broadcast_to(F.reshape(gy, kshape), x.shape)
        return gy * F.exp(x - y),

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data
        gy, = grad_outputs
        kshape = _reduction.keepdims_shape(x.shape, self.axis)
        xp = backend.get_array_module(x)
        y = self.output_data[0].reshape(kshape)
        return gy.reshape(kshape) * xp.exp(x - y),


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
