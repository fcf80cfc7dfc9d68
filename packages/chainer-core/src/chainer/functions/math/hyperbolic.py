"""Hyperbolic functions: sinh, cosh."""
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import check_float


def _sinh(x):
    """The array computation of :class:`Sinh` (also the derivative of cosh)."""
    return utils.force_array(backend.get_array_module(x).sinh(x))


def _cosh(x):
    """The array computation of :class:`Cosh` (also the derivative of sinh)."""
    return utils.force_array(backend.get_array_module(x).cosh(x))


class Sinh(function_node.FunctionNode):
    """Elementwise hyperbolic sine."""

    @property
    def label(self):
        return 'sinh'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        return _sinh(x),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return cosh(x) * grad_outputs[0],

    def _backward_arrays(self, indexes, grad_outputs):
        return _cosh(self.inputs[0].data) * grad_outputs[0],


class Cosh(function_node.FunctionNode):
    """Elementwise hyperbolic cosine."""

    @property
    def label(self):
        return 'cosh'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        return _cosh(x),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return sinh(x) * grad_outputs[0],

    def _backward_arrays(self, indexes, grad_outputs):
        return _sinh(self.inputs[0].data) * grad_outputs[0],


def sinh(x):
    """Hyperbolic sine of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.sinh(x).array, 4)
        array([-1.1752,  0.    ,  1.1752], dtype=float32)
    """
    return Sinh().apply((x,))[0]


def cosh(x):
    """Hyperbolic cosine of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.cosh(x).array, 4)
        array([1.5431, 1.    , 1.5431], dtype=float32)
    """
    return Cosh().apply((x,))[0]
