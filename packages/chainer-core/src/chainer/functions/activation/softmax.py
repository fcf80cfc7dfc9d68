"""Softmax."""
import chainer
from chainer import backend
from chainer import utils
from chainer.functions.activation import _softmax_base


class _SoftmaxGrad(_softmax_base.AxisFunction):
    # gx = y * gy - y * sum(y * gy, axis)

    @staticmethod
    def _grad_arrays(y, gy, axis):
        gx = y * gy
        s = gx.sum(axis=axis, keepdims=True)
        gx -= y * s
        return utils.force_array(gx, y.dtype)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, gy = inputs
        return self._grad_arrays(y, gy, self.axis),

    def backward(self, indexes, grad_outputs):
        y, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        F = chainer.functions
        shape = y.shape
        t = F.broadcast_to(F.sum(ggx * y, axis=self.axis, keepdims=True), shape)
        ret = []
        if 0 in indexes:
            s = F.broadcast_to(F.sum(y * gy, axis=self.axis, keepdims=True), shape)
            ret.append(ggx * (gy - s) - gy * t)
        if 1 in indexes:
            ret.append(y * (ggx - t))
        return ret


class Softmax(_softmax_base.SoftmaxLike):
    """Softmax activation function."""

    _grad_class = _SoftmaxGrad

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        y = x - x.max(axis=self.axis, keepdims=True)
        xp.exp(y, out=y)
        y /= y.sum(axis=self.axis, keepdims=True)
        self.retain_outputs((0,))
        return utils.force_array(y, x.dtype),


def softmax(x, axis=1):
    """Softmax function ``exp(x) / sum(exp(x), axis)``, computed stably.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        axis (int): The axis along which the softmax is taken (default 1).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[0, 1, 2], [3, 3, 3]], np.float32)
        >>> y = F.softmax(x)
        >>> np.round(y.array, 4)
        array([[0.09  , 0.2447, 0.6652],
               [0.3333, 0.3333, 0.3333]], dtype=float32)
        >>> np.allclose(y.array.sum(axis=1), 1)
        True
    """
    y, = Softmax(axis=axis).apply((x,))
    return y
