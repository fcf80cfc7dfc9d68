"""Elementwise square."""
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import check_float


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
        x, = self.get_retained_inputs()
        return 2.0 * x * grad_outputs[0],

    def _backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data
        return x.dtype.type(2) * x * grad_outputs[0],


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
