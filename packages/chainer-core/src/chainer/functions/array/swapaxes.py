from chainer import function_node
from chainer.utils import type_check


class Swapaxes(function_node.FunctionNode):

    """Swap two axes of an array."""

    def __init__(self, axis1, axis2):
        self.axis1 = axis1
        self.axis2 = axis2

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        for axis in (self.axis1, self.axis2):
            if axis >= 0:
                type_check.expect(axis < x_type.ndim)
            else:
                type_check.expect(-axis <= x_type.ndim)

    @property
    def label(self):
        return 'Swapaxes'

    def forward(self, inputs):
        self.retain_inputs(())
        x, = inputs
        return x.swapaxes(self.axis1, self.axis2),

    def backward(self, indexes, grad_outputs):
        return Swapaxes(self.axis1, self.axis2).apply(grad_outputs)


def swapaxes(x, axis1, axis2):
    """Swap two axes of a variable.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis1 (int): The first axis to swap.
        axis2 (int): The second axis to swap.

    Returns:
        ~chainer.Variable: Variable whose axes are swapped.

    """
    y, = Swapaxes(axis1, axis2).apply((x,))
    return y
