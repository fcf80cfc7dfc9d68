"""Swish."""
import chainer
from chainer import function_node
from chainer import utils
from chainer.functions.activation import prelu as _prelu
from chainer.functions.activation import sigmoid as _sigmoid_mod
from chainer.utils import type_check


# beta is laid out against x exactly like the coefficients of PReLU
_beta_shape = _prelu._w_shape
_reduce_axes = _prelu._reduce_axes


def _swish_grad(x, beta, gy, need_x=True, need_beta=True):
    # (gx, gbeta) with s = sigmoid(beta * x): gx = gy * s + gy * s * (1 - s) * beta * x and
    # gbeta = sum(gy * s * (1 - s) * x * x) over the broadcast axes (None where not needed)
    one = x.dtype.type(1)
    b = beta.reshape(_beta_shape(beta.shape, x.ndim))
    s = _sigmoid_mod._sigmoid(x * b)
    gys1 = gy * s * (one - s)
    gx = gbeta = None
    if need_x:
        gx = utils.force_array(gy * s + gys1 * b * x, x.dtype)
    if need_beta:
        gbeta = (gys1 * x * x).sum(axis=_reduce_axes(beta.ndim, x.ndim))
        gbeta = utils.force_array(gbeta, beta.dtype)
    return gx, gbeta


class Swish(function_node.FunctionNode):
    """Swish activation ``x * sigmoid(beta * x)``."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'beta'))
        x_type, beta_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            beta_type.dtype == x_type.dtype,
            x_type.ndim >= beta_type.ndim + 1,
            x_type.shape[1:1 + type_check.eval(beta_type.ndim)] == beta_type.shape,
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, beta = inputs
        b = beta.reshape(_beta_shape(beta.shape, x.ndim))
        y = _sigmoid_mod._sigmoid(x * b)
        y *= x
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        x, beta = self.get_retained_inputs()
        gy, = grad_outputs
        return SwishGrad().apply((x, beta, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what SwishGrad computes)
        gx, gbeta = _swish_grad(self.inputs[0].data, self.inputs[1].data, grad_outputs[0],
                                0 in indexes, 1 in indexes)
        return tuple([gx if i == 0 else gbeta for i in indexes])


class SwishGrad(function_node.FunctionNode):
    """Gradient of swish: inputs ``(x, beta, gy)``, outputs ``(gx, gbeta)``.

    With ``s = sigmoid(beta * x)``: ``gx = gy * (s + beta * x * s * (1 - s))`` and
    ``gbeta = sum(gy * x ** 2 * s * (1 - s))`` over the broadcast axes.
    """

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x, beta, gy = inputs
        return _swish_grad(x, beta, gy)

    def backward(self, indexes, grad_outputs):
        x, beta, gy = self.get_retained_inputs()
        ggx, ggb = grad_outputs
        F = chainer.functions
        shape = x.shape
        bshape = _beta_shape(beta.shape, x.ndim)
        b = F.broadcast_to(F.reshape(beta, bshape), shape)
        s = _sigmoid_mod.sigmoid(b * x)
        s1 = s * (1 - s)
        s2 = s1 * (1 - 2 * s)
        ggb_b = None
        if ggb is not None:
            ggb_b = F.broadcast_to(F.reshape(ggb, bshape), shape)
        # d(gx)/dbeta / gy and d(gbeta)/dx / gy share this factor.
        cross = 2 * x * s1 + b * x * x * s2
        ret = []
        if 0 in indexes:
            g = None
            if ggx is not None:
                g = ggx * gy * (2 * b * s1 + b * b * x * s2)
            if ggb_b is not None:
                t = ggb_b * gy * cross
                g = t if g is None else g + t
            ret.append(g)
        if 1 in indexes:
            g = None
            if ggx is not None:
                g = ggx * gy * cross
            if ggb_b is not None:
                t = ggb_b * gy * x * x * x * s2
                g = t if g is None else g + t
            if g is not None:
                g = F.sum(g, axis=_reduce_axes(beta.ndim, x.ndim))
            ret.append(g)
        if 2 in indexes:
            g = None
            if ggx is not None:
                g = ggx * (s + b * x * s1)
            if ggb_b is not None:
                t = ggb_b * x * x * s1
                g = t if g is None else g + t
            ret.append(g)
        return ret


def swish(x, beta):
    """Swish activation function ``x * sigmoid(beta * x)``.

    ``beta`` is broadcast against the axes of ``x`` that follow the batch axis: with ``x`` of
    shape ``(B, n1, ..., nk, ...)``, ``beta`` has shape ``(n1, ..., nk)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        beta (:class:`~chainer.Variable` or :ref:`ndarray`): Parameter, same dtype as ``x``.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[-1, 0, 2]], np.float32)
        >>> beta = np.array([1, 1, 1], np.float32)
        >>> np.round(F.swish(x, beta).array, 4)
        array([[-0.2689,  0.    ,  1.7616]], dtype=float32)
    """
    y, = Swish().apply((x, beta))
    return y
