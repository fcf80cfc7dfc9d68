"""Softmax."""
import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class Softmax(function_node.FunctionNode):
    """Softmax activation function."""

    def __init__(self, axis=1):
        super().__init__()
        self.axis = axis

    @property
    def label(self):
        return 'softmax'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            -x_type.ndim <= self.axis,
            self.axis < x_type.ndim,
        )

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        y = x - x.max(axis=self.axis, keepdims=True)
        xp.exp(y, out=y)
        y /= y.sum(axis=self.axis, keepdims=True)
        self.retain_outputs((0,))
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return _SoftmaxGrad(self.axis).apply((y, gy))


class _SoftmaxGrad(function_node.FunctionNode):
    # gx = y * gy - y * sum(y * gy, axis)

    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, gy = inputs
        gx = y * gy
        s = gx.sum(axis=self.axis, keepdims=True)
        gx -= y * s
        return utils.force_array(gx, y.dtype),

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


def softmax(x, axis=1):
    """Softmax function ``exp(x) / sum(exp(x), axis)``, computed stably.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        axis (int): The axis along which the softmax is taken (default 1).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.
    """
    y, = Softmax(axis=axis).apply((x,))
    return y
