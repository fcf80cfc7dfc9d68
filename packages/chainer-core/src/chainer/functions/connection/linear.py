"""Fully-connected layer function (``linear``)."""
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class LinearFunction(function_node.FunctionNode):
    """``y = x W^T + b`` on a 2-D ``x``."""

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        x_type, w_type = in_types[:2]
        type_check.argname((x_type, w_type), ('x', 'W'))
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim == 2,
            w_type.ndim == 2,
            x_type.shape[1] == w_type.shape[1],
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.argname((b_type,), ('b',))
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[0],
            )

    def forward(self, inputs):
        x, W = inputs[:2]
        y = x.dot(W.T)
        if y.dtype != x.dtype:
            y = y.astype(x.dtype)
        if len(inputs) == 3:
            y += inputs[2]
        self.retain_inputs((0, 1))
        return y,

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            gx, = LinearGradData().apply((W, gy))
            ret.append(gx)
        if 1 in indexes:
            gW, = LinearGradWeight(W.dtype).apply((x, gy))
            ret.append(gW)
        if 2 in indexes:
            import chainer.functions as F
            ret.append(F.sum(gy, axis=0))
        return ret


class LinearGradData(function_node.FunctionNode):
    """``gx = gy W`` (inputs: ``W``, ``gy``); the result has ``gy.dtype``."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        W, gy = inputs
        gx = gy.dot(W)
        return utils.force_array(gx, gy.dtype),

    def backward(self, indexes, grad_outputs):
        W, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            gW, = LinearGradWeight(W.dtype).apply((ggx, gy))
            ret.append(gW)
        if 1 in indexes:
            ggy, = LinearFunction().apply((ggx, W))
            ret.append(ggy)
        return ret


class LinearGradWeight(function_node.FunctionNode):
    """``gW = gy^T x`` (inputs: ``x``, ``gy``); the result has dtype ``w_dtype``."""

    def __init__(self, w_dtype):
        self._w_dtype = w_dtype

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        gW = gy.T.dot(x)
        return utils.force_array(gW, self._w_dtype),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ret = []
        if 0 in indexes:
            gx, = LinearGradData().apply((ggW, gy))
            ret.append(gx)
        if 1 in indexes:
            ggy, = LinearFunction().apply((x, ggW))
            ret.append(ggy)
        return ret


def linear(x, W, b=None, n_batch_axes=1):
    """Linear function, or affine transformation: ``y = x W^T + b``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape
            ``(s_1, ..., s_B, ...)``; the first ``n_batch_axes`` axes are batch axes and the
            rest are flattened into ``N`` features.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Weight of shape ``(M, N)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(M,)`` (optional).
        n_batch_axes (int): Number of batch axes (at least 1).

    Returns:
        ~chainer.Variable: Output of shape ``(s_1, ..., s_B, M)``.
    """
    if n_batch_axes <= 0:
        raise ValueError('n_batch_axes should be greater than 0.')
    if n_batch_axes > 1:
        batch_shape = x.shape[:n_batch_axes]
        x = x.reshape(utils.size_of_shape(batch_shape), -1)
    elif x.ndim > 2:
        x = x.reshape(x.shape[0], -1)
    args = (x, W) if b is None else (x, W, b)
    y, = LinearFunction().apply(args)
    if n_batch_axes > 1:
        y = y.reshape(batch_shape + (-1,))
    return y
