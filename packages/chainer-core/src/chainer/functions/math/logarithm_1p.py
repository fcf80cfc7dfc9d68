"""Elementwise ``log(1 + x)``."""
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_float


def _log1p_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """``d log(1 + x) = dx / (1 + x)``."""
    x, = ops.retained_inputs(node)
    return grad_outputs[0] / (x + x.dtype.type(1)),


class Log1p(function_node.FunctionNode):
    """Elementwise ``log(1 + x)``, accurate for small ``x``."""

    @property
    def label(self):
        return 'log1p'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.log1p(x)),

    def backward(self, indexes, grad_outputs):
        return _log1p_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _log1p_backward


def log1p(x):
    """``log(1 + x)`` of every element, accurate near zero.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0, 1, np.e - 1], np.float32)
        >>> np.round(F.log1p(x).array, 4)
        array([0.    , 0.6931, 1.    ], dtype=float32)
    """
    return Log1p().apply((x,))[0]
