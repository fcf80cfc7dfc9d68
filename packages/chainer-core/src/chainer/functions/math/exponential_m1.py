"""Elementwise ``exp(x) - 1``."""
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_float


def _expm1_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """``d(exp(x) - 1) = (y + 1) dx`` from the retained output ``y``."""
    y, = ops.retained_outputs(node)
    return (y + y.dtype.type(1)) * grad_outputs[0],


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
        return _expm1_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _expm1_backward


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
