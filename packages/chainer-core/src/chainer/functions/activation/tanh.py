"""Hyperbolic tangent."""
import chainerx
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _tanh_grad(y, gy):
    # gy * (1 - y * y) from the output y of tanh
    one = y.dtype.type(1)
    return utils.force_array(gy * (one - y * y), y.dtype)


class Tanh(function_node.FunctionNode):
    """Hyperbolic tangent function."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_outputs((0,))
        return utils.force_array(xp.tanh(x), x.dtype),

    def forward_chainerx(self, inputs):
        return chainerx.tanh(inputs[0]),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        return TanhGrad(None).apply((y, gy))

    def _backward_arrays(self, indexes, grad_outputs):
        # array-level twin of ``backward`` (what TanhGrad computes)
        return _tanh_grad(self._retained_output_data[0], grad_outputs[0]),


class TanhGrad(function_node.FunctionNode):
    """Gradient of tanh from its output: ``gx = gy * (1 - y * y)``."""

    def __init__(self, x):
        super().__init__()
        # The input of the forward function (used only by cuDNN in v7).
        self.x = x

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('y', 'gy'))
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[1].dtype == in_types[0].dtype,
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        y, gy = inputs
        return _tanh_grad(y, gy),

    def backward(self, indexes, grad_outputs):
        y, gy = self.get_retained_inputs()
        g, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(-2 * g * gy * y)
        if 1 in indexes:
            ret.append(g * (1 - y * y))
        return ret


def tanh(x):
    """Hyperbolic tangent of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.tanh(x).array, 4)
        array([-0.7616,  0.    ,  0.7616], dtype=float32)
    """
    y, = Tanh().apply((x,))
    return y
