"""Broadcasting of variables: :func:`broadcast` and :func:`broadcast_to`."""
import chainer
import chainerx
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Broadcast(function_node.FunctionNode):
    """Broadcasts several variables to their common shape."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.expect_broadcast_shapes(*[t.shape for t in in_types])

    def forward(self, inputs):
        self._in_shapes = [x.shape for x in inputs]
        xp = backend.get_array_module(*inputs)
        return tuple(xp.broadcast_arrays(*inputs))

    def backward(self, indexes, grad_outputs):
        return _broadcast_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _broadcast_back(self, indexes, grad_outputs)


def _broadcast_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of broadcasting: each output gradient summed to its input's shape."""
    shapes = node._in_shapes
    return tuple([None if grad_outputs[i] is None else ops.sum_to(grad_outputs[i], shapes[i])
                  for i in indexes])


def broadcast(*args):
    """Broadcasts the given variables to a common shape.

    Returns:
        A Variable when one argument is given, otherwise a tuple of Variables.

    .. admonition:: Example

        >>> x = np.array([[1], [2]], np.float32)
        >>> y = np.array([10, 20, 30], np.float32)
        >>> bx, by = F.broadcast(x, y)
        >>> bx.shape, by.shape
        ((2, 3), (2, 3))
        >>> (bx + by).array
        array([[11., 21., 31.],
               [12., 22., 32.]], dtype=float32)
    """
    if len(args) == 1:
        return chainer.as_variable(args[0])
    return Broadcast().apply(args)


class BroadcastTo(function_node.FunctionNode):
    """Broadcasts a variable to a given shape."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        ndim = type_check.make_variable(len(self._shape), 'len(shape)')
        type_check.expect(in_types[0].ndim <= ndim)
        shape = type_check.eval(in_types[0].shape)
        for i in range(-1, -len(shape) - 1, -1):
            if shape[i] == self._shape[i] or shape[i] == 1:
                continue
            expect = 'in_type[0].shape[%d] == %d' % (i, self._shape[i])
            if self._shape[i] != 1:
                expect += ' or in_type[0].shape[%d] == 1' % i
            actual = 'in_type[0].shape: %s' % str(shape)
            raise type_check.InvalidType(expect, actual)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = backend.get_array_module(x)
        return xp.broadcast_to(x, self._shape),

    def forward_chainerx(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return chainerx.broadcast_to(x, self._shape),

    def backward(self, indexes, grad_outputs):
        return _broadcast_to_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _broadcast_to_back(self, indexes, grad_outputs)


def _broadcast_to_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of broadcast_to: the output gradient summed to the input shape."""
    return ops.sum_to(grad_outputs[0], node._in_shape),


def broadcast_to(x, shape):
    """Broadcasts a variable to the given shape (NumPy broadcasting rules).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        shape (tuple of int): Target shape.

    Returns:
        ~chainer.Variable: The broadcast variable.

    .. admonition:: Example

        >>> x = np.array([1, 2, 3], np.float32)
        >>> y = F.broadcast_to(x, (2, 3))
        >>> y.array
        array([[1., 2., 3.],
               [1., 2., 3.]], dtype=float32)
    """
    if x.shape == tuple(shape):
        return chainer.as_variable(x)
    return BroadcastTo(shape).apply((x,))[0]
