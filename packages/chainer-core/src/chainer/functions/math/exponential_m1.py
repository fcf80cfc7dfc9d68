"""Elementwise ``exp(x) - 1``."""
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import check_float


class Expm1(function_node.FunctionNode):
    """Elementwise ``exp(x) - 1``, accurate for small ``x``."""

    @property
    def label(self):
        return 'expm1'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_outputs((0,))
        return utils.force_array(xp.expm1(x)),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return (y + 1.0) * grad_outputs[0],

    def _backward_arrays(self, indexes, grad_outputs):
        y = self.output_data[0]
        return (y + y.dtype.type(1)) * grad_outputs[0],


def expm1(x):
    """``exp(x) - 1`` of every element, accurate near zero.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.expm1(x).array, 4)  # exp(x) - 1, accurate also for x near zero
        array([-0.6321,  0.    ,  1.7183], dtype=float32)
    """
    return Expm1().apply((x,))[0]
