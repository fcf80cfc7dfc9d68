"""Exponential linear unit."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _elu_derivative(y, cond, alpha):
    # dy/dx from the output: 1 where cond (x > 0), y + alpha elsewhere
    xp = backend.get_array_module(y)
    dt = y.dtype.type
    return utils.force_array(xp.where(cond, dt(1), y + dt(alpha)), y.dtype)


class ELU(function_node.FunctionNode):
    """Exponential Linear Unit."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = float(alpha)

    @property
    def label(self):
        return 'ELU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        # The sign of the output tells the branch only when alpha >= 0.
        if self.alpha >= 0:
            self.retain_outputs((0,))
        else:
            self.retain_inputs((0,))
            self.retain_outputs((0,))
        # alpha * expm1(min(x, 0)) + max(x, 0): exact on both branches, no select needed.
        zero = x.dtype.type(0)
        y = xp.expm1(xp.minimum(x, zero))
        y *= x.dtype.type(self.alpha)
        y += xp.maximum(x, zero)
        return utils.force_array(y, x.dtype),

    def _cond(self):
        # x > 0, told by the retained output when alpha >= 0, else by the retained input
        if self.alpha >= 0:
            return self._retained_output_data[0] > 0
        return self.inputs[0].data > 0

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        y, = self.get_retained_outputs()
        return ELUGrad(self.alpha, self._cond()).apply((y,))[0] * gy,

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward``: ELUGrad's output times gy
        y = self._retained_output_data[0]
        d = _elu_derivative(y, self._cond(), self.alpha)
        return utils.force_array(d * grad_outputs[0], y.dtype),


class ELUGrad(function_node.FunctionNode):
    """Derivative of ELU as a function of its output ``y``.

    ``dy/dx = 1`` where ``cond`` (``x > 0``) holds, ``y + alpha`` elsewhere.
    """

    def __init__(self, alpha, cond):
        super().__init__()
        self.alpha = alpha
        self.cond = cond

    def forward(self, inputs):
        y, = inputs
        return _elu_derivative(y, self.cond, self.alpha),

    def backward(self, indexes, grad_outputs):
        ggx, = grad_outputs
        return ggx * (~self.cond).astype(ggx.dtype),


def elu(x, alpha=1.0):
    """Exponential Linear Unit function.

    ``f(x) = x`` if ``x > 0`` else ``alpha * (exp(x) - 1)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        alpha (float): Parameter alpha (default 1.0).

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 2], np.float32)
        >>> np.round(F.elu(x, alpha=1.0).array, 4)
        array([-0.6321,  0.    ,  2.    ], dtype=float32)
    """
    y, = ELU(alpha=alpha).apply((x,))
    return y
