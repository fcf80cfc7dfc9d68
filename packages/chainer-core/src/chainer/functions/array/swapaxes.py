"""Exchange of two axes: :func:`swapaxes`."""
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Swapaxes(function_node.FunctionNode):
    """Exchanges ``axis1`` and ``axis2`` of the input (the output is a view)."""

    def __init__(self, axis1, axis2):
        self.axis1 = axis1
        self.axis2 = axis2

    @property
    def label(self):
        return 'Swapaxes'

    def check_type_forward(self, in_types):
        # an axis out of range is NumPy's AxisError (a ValueError and an IndexError), as v7
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        return x.swapaxes(self.axis1, self.axis2),

    def backward(self, indexes, grad_outputs):
        return _swapaxes_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _swapaxes_back(self, indexes, grad_outputs)


def _swapaxes_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of an exchange of two axes: the same exchange (it undoes itself)."""
    return ops.swapaxes(grad_outputs[0], node.axis1, node.axis2),


def swapaxes(x, axis1, axis2):
    """Exchanges two axes of a variable.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis1 (int): One of the axes.
        axis2 (int): The other axis.

    Returns:
        ~chainer.Variable: ``x`` with ``axis1`` and ``axis2`` interchanged.

    .. admonition:: Example

        >>> x = np.zeros((2, 3, 4), np.float32)
        >>> F.swapaxes(x, 0, 2).shape
        (4, 3, 2)
    """
    y, = Swapaxes(axis1, axis2).apply((x,))
    return y
