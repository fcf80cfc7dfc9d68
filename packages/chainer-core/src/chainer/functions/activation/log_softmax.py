"""Log-softmax, and the shared stable log-sum-exp / log-softmax numerics.

``logsumexp(x, axis)`` and ``_log_softmax(x, axis)`` work on raw arrays (NumPy or CuPy) and are
the one place where these numerics live (``softmax_cross_entropy`` reuses ``_log_softmax``).
"""
import chainer
from chainer import backend
from chainer import utils
from chainer.functions.activation import _softmax_base


def logsumexp(x, axis):
    """Stable ``log(sum(exp(x), axis, keepdims=True))`` of an array.

    Uses one temporary of the size of ``x`` (shifted by the maximum and exponentiated in
    place), freed before returning.

    Args:
        x (:ref:`ndarray`): Input array.
        axis (int or tuple of ints): Axis or axes reduced.

    Returns:
        :ref:`ndarray`: Array with the reduced axes kept with size one.
    """
    xp = backend.get_array_module(x)
    m = x.max(axis=axis, keepdims=True)
    y = x - m
    xp.exp(y, out=y)
    s = y.sum(axis=axis, keepdims=True)
    del y
    xp.log(s, out=s)
    m += s
    return m


def _log_softmax(x, axis=1):
    """Stable ``log(softmax(x, axis))`` of an array: ``x - logsumexp(x, axis)``."""
    y = x - logsumexp(x, axis)
    return utils.force_array(y, x.dtype)


class LogSoftmaxGrad(_softmax_base.AxisFunction):
    """Gradient of log-softmax: ``gx = gy - exp(y) * sum(gy, axis)``."""

    @staticmethod
    def _grad_arrays(y, gy, axis):
        xp = backend.get_array_module(y)
        gx = xp.exp(y)
        gx *= -gy.sum(axis=axis, keepdims=True)
        gx += gy
        return utils.force_array(gx, y.dtype)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, gy = inputs
        return self._grad_arrays(y, gy, self.axis),

    def backward(self, indexes, grad_outputs):
        y, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        F = chainer.functions
        exp_y = F.exp(y)
        ret = []
        if 0 in indexes:
            gy_sum = F.broadcast_to(F.sum(gy, axis=self.axis, keepdims=True), gy.shape)
            ret.append(-ggx * exp_y * gy_sum)
        if 1 in indexes:
            a = F.broadcast_to(F.sum(ggx * exp_y, axis=self.axis, keepdims=True), gy.shape)
            ret.append(ggx - a)
        return ret


class LogSoftmax(_softmax_base.SoftmaxLike):
    """Log-softmax activation function."""

    _grad_class = LogSoftmaxGrad

    def forward(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        return _log_softmax(x, self.axis),


def log_softmax(x, axis=1):
    """Log of the softmax along ``axis``, ``x - logsumexp(x, axis)``, computed stably.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        axis (int): The axis along which the softmax is normalized (default 1).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[0, 1, 2], [0, 0, 0]], np.float32)
        >>> y = F.log_softmax(x)
        >>> np.round(y.array, 4)
        array([[-2.4076, -1.4076, -0.4076],
               [-1.0986, -1.0986, -1.0986]], dtype=float32)
        >>> np.allclose(np.exp(y.array).sum(axis=1), 1)
        True
    """
    y, = LogSoftmax(axis=axis).apply((x,))
    return y
