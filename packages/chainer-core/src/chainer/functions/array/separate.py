import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Separate(function_node.FunctionNode):

    """Separates an array along a given axis."""

    def __init__(self, axis):
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        if self.axis >= 0:
            type_check.expect(self.axis < x_type.ndim)
        else:
            type_check.expect(-self.axis <= x_type.ndim)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        axis = self.axis % x.ndim
        self._shape = x.shape[:axis] + x.shape[axis + 1:]
        self._dtype = x.dtype
        self._xp = xp
        index = (slice(None),) * axis
        return tuple(x[index + (i,)] for i in range(x.shape[axis]))

    def backward(self, indexes, grad_outputs):
        grad_outputs = [
            self._xp.zeros(self._shape, dtype=self._dtype) if g is None else g
            for g in grad_outputs]
        return chainer.functions.stack(grad_outputs, self.axis),


def separate(x, axis=0):
    """Separates an array along a given axis.

    This function separates an array along a given axis. For example, shape
    of an array is ``(2, 3, 4)``. When it separates the array with
    ``axis=1``, it returns three ``(2, 4)`` arrays.

    This function is an inverse of :func:`chainer.functions.stack`.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            Variable to be separated.
        axis (int): Axis along which variables are separated.

    Returns:
        tuple of chainer.Variable: Output variables.

    .. seealso:: :func:`chainer.functions.stack`

    """
    return Separate(axis).apply((x,))
