"""Reshaping of a variable: :func:`reshape`."""
import chainer
import chainerx
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


def _count_unknown_dims(shape):
    return sum(1 for s in shape if s < 0)


def _reshape_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of any reshaping (reshape, expand_dims, squeeze): the output gradient
    reshaped to the input shape ``node._in_shape``."""
    return ops.reshape(grad_outputs[0], node._in_shape),


class Reshape(function_node.FunctionNode):
    """Reshapes an array (one dimension may be -1)."""

    def __init__(self, shape):
        self.shape = shape
        self._cnt = _count_unknown_dims(shape)
        if self._cnt > 1:
            raise ValueError('Only one dimension may be unknown (-1) in the shape')

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        if self._cnt == 0:
            type_check.expect(type_check.prod(x_type.shape) == type_check.prod(self.shape))
        else:
            known = 1
            for s in self.shape:
                if s > 0:
                    known *= s
            size = type_check.prod(x_type.shape)
            type_check.expect(size % known == 0)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return x.reshape(self.shape),

    def forward_chainerx(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return chainerx.reshape(x, self.shape),

    def backward(self, indexes, grad_outputs):
        return _reshape_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _reshape_back


def reshape(x, shape):
    """Reshapes a variable without copying the data.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        shape (tuple of int): Target shape; one dimension may be -1.

    Returns:
        ~chainer.Variable: The reshaped variable.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32)
        >>> F.reshape(x, (2, 3)).array
        array([[0., 1., 2.],
               [3., 4., 5.]], dtype=float32)
        >>> F.reshape(x, (3, -1)).shape
        (3, 2)
    """
    if x.shape == tuple(shape):
        return chainer.as_variable(x)
    return Reshape(tuple(shape)).apply((x,))[0]
