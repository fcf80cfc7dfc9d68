"""Parametric rectified linear unit."""
import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _w_shape(w_shape, x_ndim):
    """Shape that aligns a parameter of shape ``(n1, ..., nk)`` with the axes 1..k of an
    input of shape ``(B, n1, ..., nk, ...)`` (also used by swish)."""
    return (1,) + tuple(w_shape) + (1,) * (x_ndim - len(w_shape) - 1)


def _reduce_axes(w_ndim, x_ndim):
    """Axes over which the gradient of such a parameter is summed."""
    return (0,) + tuple(range(w_ndim + 1, x_ndim))


def _prelu_grad(x, W, gy, cond, need_x=True, need_W=True):
    # (gx, gW): gx = gy where cond (x >= 0) else W * gy; gW = sum(gy * x where not cond) over
    # the batch and trailing axes (None where not needed)
    xp = backend.get_array_module(x)
    gx = gw = None
    if need_x:
        w = W.reshape(_w_shape(W.shape, x.ndim))
        gx = utils.force_array(xp.where(cond, gy, gy * w), x.dtype)
    if need_W:
        gw = xp.where(cond, gy.dtype.type(0), gy * x)
        gw = utils.force_array(gw.sum(axis=_reduce_axes(W.ndim, x.ndim)), W.dtype)
    return gx, gw


class PReLUFunction(function_node.FunctionNode):
    """Parametric Rectified Linear Unit ``max(x, W * x)``."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'W'))
        x_type, w_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype == x_type.dtype,
            x_type.ndim >= w_type.ndim + 1,
            x_type.shape[1:1 + type_check.eval(w_type.ndim)] == w_type.shape,
        )

    def forward(self, inputs):
        x, W = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0, 1))
        w = W.reshape(_w_shape(W.shape, x.ndim))
        return utils.force_array(xp.where(x >= 0, x, x * w), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        return PReLUFunctionGrad(x.array >= 0).apply((x, W, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what PReLUFunctionGrad computes)
        x = self.inputs[0].data
        gx, gw = _prelu_grad(x, self.inputs[1].data, grad_outputs[0], x >= 0,
                             0 in indexes, 1 in indexes)
        return tuple([gx if i == 0 else gw for i in indexes])


class PReLUFunctionGrad(function_node.FunctionNode):
    """Gradient of PReLU with respect to ``x`` and ``W``.

    Inputs ``(x, W, gy)``; outputs ``gx = gy`` where ``x >= 0`` else ``W * gy``, and
    ``gW = sum(gy * x where x < 0)`` over the batch and trailing axes.
    """

    def __init__(self, cond):
        super().__init__()
        self.cond = cond

    def forward(self, inputs):
        x, W, gy = inputs
        self.retain_inputs((0, 1, 2))
        return _prelu_grad(x, W, gy, self.cond)

    def backward(self, indexes, grad_outputs):
        x, W, gy = self.get_retained_inputs()
        ggx, ggw = grad_outputs
        F = chainer.functions
        neg = (~self.cond).astype(x.dtype)
        pos = self.cond.astype(x.dtype)
        shape = x.shape
        w_b = F.broadcast_to(F.reshape(W, _w_shape(W.shape, x.ndim)), shape)
        ggw_b = None
        if ggw is not None:
            ggw_b = F.broadcast_to(F.reshape(ggw, _w_shape(W.shape, x.ndim)), shape)
        ret = []
        if 0 in indexes:
            ret.append(None if ggw_b is None else ggw_b * gy * neg)
        if 1 in indexes:
            if ggx is None:
                ret.append(None)
            else:
                ret.append(F.sum(ggx * gy * neg, axis=_reduce_axes(W.ndim, x.ndim)))
        if 2 in indexes:
            g = None
            if ggx is not None:
                g = ggx * pos + w_b * ggx * neg
            if ggw_b is not None:
                t = ggw_b * x * neg
                g = t if g is None else g + t
            ret.append(g)
        return ret


def prelu(x, W):
    """Parametric ReLU function ``max(x, W * x)``.

    ``W`` is broadcast against the axes of ``x`` that follow the batch axis: with ``x`` of
    shape ``(B, n1, ..., nk, ...)``, ``W`` has shape ``(n1, ..., nk)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Coefficients, same dtype as ``x``.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[-2, 1], [4, -6]], np.float32)
        >>> W = np.array([0.5, 0.25], np.float32)
        >>> F.prelu(x, W).array
        array([[-1. ,  1. ],
               [ 4. , -1.5]], dtype=float32)
    """
    y, = PReLUFunction().apply((x, W))
    return y
