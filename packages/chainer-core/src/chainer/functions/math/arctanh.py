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

    .. admonition:: Example

        >>> x = np.array([-0.5, 0, 0.5], np.float32)
        >>> np.round(F.arctanh(x).array, 4)
        array([-0.5493,  0.    ,  0.5493], dtype=float32)
    """
    return Arctanh().apply((x,))[0]
