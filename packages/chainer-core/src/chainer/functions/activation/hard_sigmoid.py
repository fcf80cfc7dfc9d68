"""Hard sigmoid."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _hard_sigmoid_grad(x, gy):
    # 0.2 * gy where -2.5 < x < 2.5, 0 elsewhere
    mask = (x > -2.5) & (x < 2.5)
    gx = gy * mask
    gx *= gy.dtype.type(0.2)
    return utils.force_array(gx, gy.dtype)


class HardSigmoid(function_node.FunctionNode):
    """Hard-sigmoid function ``clip(0.2 * x + 0.5, 0, 1)``."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        dt = x.dtype.type
        y = utils.force_array(x * dt(0.2))
        y += dt(0.5)
        xp.clip(y, dt(0), dt(1), out=y)
        self.retain_inputs((0,))
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return HardSigmoidGrad(x.array).apply(grad_outputs)

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what HardSigmoidGrad computes)
        return _hard_sigmoid_grad(self.inputs[0].data, grad_outputs[0]),


class HardSigmoidGrad(function_node.FunctionNode):
    """Gradient of hard sigmoid: ``0.2 * gy`` where ``-2.5 < x < 2.5``, else 0."""

    def __init__(self, x):
        super().__init__()
        self.x = x

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('gy',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        gy, = inputs
        return _hard_sigmoid_grad(self.x, gy),

    def backward(self, indexes, grad_outputs):
        return HardSigmoidGrad(self.x).apply(grad_outputs)


def hard_sigmoid(x):
    """Piecewise-linear approximation of the sigmoid, elementwise.

    ``f(x) = 0`` if ``x < -2.5``; ``0.2 x + 0.5`` if ``-2.5 <= x <= 2.5``; ``1`` if ``x > 2.5``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-3, -1, 0, 1, 3], np.float32)
        >>> F.hard_sigmoid(x).array
        array([0. , 0.3, 0.5, 0.7, 1. ], dtype=float32)
    """
    y, = HardSigmoid().apply((x,))
    return y
