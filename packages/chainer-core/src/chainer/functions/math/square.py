"""Elementwise square."""
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_float


def _square_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """``d(x ** 2) = 2 x dx``."""
    x, = ops.retained_inputs(node)
    return x.dtype.type(2) * x * grad_outputs[0],


class Square(function_node.FunctionNode):
    """Elementwise square, ``x ** 2``."""

    @property
    def label(self):
        return 'square'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.square(x, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        return _square_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _square_backward


def square(x):
    """Square ``x * x`` of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-2, 0, 3], np.float32)
        >>> F.square(x).array
        array([4., 0., 9.], dtype=float32)
    """
    return Square().apply((x,))[0]
