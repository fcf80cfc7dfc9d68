"""Elementwise inverse hyperbolic tangent."""
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import check_float


class Arctanh(function_node.FunctionNode):
    """Elementwise inverse hyperbolic tangent."""

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.arctanh(x)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] / (1.0 - x * x),


def arctanh(x):
    """Inverse hyperbolic tangent of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float, in (-1, 1)).

    Returns:
        ~chainer.Variable: Output variable.
    """
    return Arctanh().apply((x,))[0]
