"""Permutation of the axes of a variable: :func:`transpose`."""
import numpy

import chainerx
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Transpose(function_node.FunctionNode):
    """Permutes the dimensions of an array."""

    def __init__(self, axes=None):
        self.axes = axes

    @property
    def label(self):
        return 'Transpose'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        # (axes that do not match x are NumPy's ValueError or AxisError, as v7)

    def forward(self, inputs):
        x, = inputs
        return x.transpose(self.axes),

    def forward_chainerx(self, inputs):
        return chainerx.transpose(inputs[0], self.axes),

    def _inverse_axes(self):
        axes = self.axes
        if axes is None:
            return None
        return tuple(int(i) for i in numpy.argsort([a % len(axes) for a in axes]))

    def backward(self, indexes, grad_outputs):
        return _transpose_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _transpose_back(self, indexes, grad_outputs)


def _transpose_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a transposition: the output gradient under the inverse permutation."""
    return ops.transpose(grad_outputs[0], node._inverse_axes()),


def transpose(x, axes=None):
    """Permutes the dimensions of a variable.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axes (tuple of int): The permutation; None reverses the axes.

    Returns:
        ~chainer.Variable: The transposed variable.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> F.transpose(x).array
        array([[0., 3.],
               [1., 4.],
               [2., 5.]], dtype=float32)
        >>> F.transpose(np.zeros((2, 3, 4), np.float32), axes=(1, 2, 0)).shape
        (3, 4, 2)
    """
    return Transpose(axes).apply((x,))[0]
