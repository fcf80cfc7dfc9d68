"""Logistic sigmoid."""
import chainerx
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _sigmoid(x):
    # Stable logistic function of an array: 0.5 * tanh(0.5 x) + 0.5.
    xp = backend.get_array_module(x)
    half = x.dtype.type(0.5)
    y = xp.tanh(x * half)
    y *= half
    y += half
    return utils.force_array(y, x.dtype)


def _sigmoid_grad(y, gy):
    # gy * y * (1 - y) from the output y of the sigmoid
    one = y.dtype.type(1)
    return utils.force_array(gy * y * (one - y), y.dtype)


class Sigmoid(function_node.FunctionNode):
    """Logistic sigmoid function."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        return _sigmoid(x),

    def forward_chainerx(self, inputs):
        return chainerx.sigmoid(inputs[0]),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return SigmoidGrad((None,)).apply((y, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what SigmoidGrad computes)
        return _sigmoid_grad(self._retained_output_data[0], grad_outputs[0]),


class SigmoidGrad(function_node.FunctionNode):
    """Gradient of sigmoid from its output: ``gx = gy * y * (1 - y)``."""

    def __init__(self, inputs):
        super().__init__()
        # The input of the forward function (used only by cuDNN in v7).
        self.x = inputs[0]

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('y', 'gy'))
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[1].dtype == in_types[0].dtype,
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, gy = inputs
        return _sigmoid_grad(y, gy),

    def backward(self, indexes, grad_outputs):
        y, gy = self.get_retained_inputs()
        g, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(g * gy * (1 - 2 * y))
        if 1 in indexes:
            ret.append(g * y * (1 - y))
        return ret


def sigmoid(x):
    """Logistic sigmoid ``1 / (1 + exp(-x))`` of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-2, 0, 2], np.float32)
        >>> np.round(F.sigmoid(x).array, 4)
        array([0.1192, 0.5   , 0.8808], dtype=float32)
    """
    y, = Sigmoid().apply((x,))
    return y
