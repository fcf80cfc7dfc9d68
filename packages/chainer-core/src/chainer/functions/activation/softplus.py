"""Softplus."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions.activation import sigmoid as _sigmoid_mod
from chainer.utils import type_check


def _softplus_grad(x, gy, beta):
    # gy * sigmoid(beta * x)
    s = _sigmoid_mod._sigmoid(x * x.dtype.type(beta))
    s *= gy
    return utils.force_array(s, x.dtype)


class Softplus(function_node.FunctionNode):
    """Softplus function ``log(1 + exp(beta * x)) / beta``."""

    def __init__(self, beta=1.0):
        super().__init__()
        self.beta = beta
        self.beta_inv = 1.0 / beta

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        xp = backend.get_array_module(x)
        dt = x.dtype.type
        bx = x * dt(self.beta)
        # max(bx, 0) + log1p(exp(-|bx|)), stable for large |bx|.
        y = utils.force_array(xp.exp(-xp.abs(bx)))
        xp.log1p(y, out=y)
        y += xp.maximum(bx, dt(0))
        y *= dt(self.beta_inv)
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        return SoftplusGrad(self.beta).apply((x, gy))[:1]

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what SoftplusGrad computes)
        return _softplus_grad(self.inputs[0].data, grad_outputs[0], self.beta),


class SoftplusGrad(function_node.FunctionNode):
    """Gradient of softplus: inputs ``(x, gy)``, output ``gy * sigmoid(beta * x)``."""

    def __init__(self, beta=1.0):
        super().__init__()
        self.beta = beta

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        return _softplus_grad(x, gy, self.beta),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        g, = grad_outputs
        s = _sigmoid_mod.sigmoid(x * self.beta)
        ret = []
        if 0 in indexes:
            ret.append(g * gy * (s * (1 - s)) * self.beta)
        if 1 in indexes:
            ret.append(g * s)
        return ret


def softplus(x, beta=1.0):
    """Softplus ``log(1 + exp(beta * x)) / beta`` of every element.

    A smooth approximation of ReLU, computed stably for large ``|beta * x|``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        beta (float): Parameter beta (default 1.0).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.softplus(x).array, 4)
        array([0.3133, 0.6931, 1.3133], dtype=float32)
        >>> np.round(F.softplus(x, beta=2.0).array, 4)
        array([0.0635, 0.3466, 1.0635], dtype=float32)
    """
    y, = Softplus(beta=beta).apply((x,))
    return y
