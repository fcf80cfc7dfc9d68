"""Relocation of axes: :func:`moveaxis`."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


def _as_axes(value):
    return (value,) if isinstance(value, int) else tuple(value)


class Moveaxis(function_node.FunctionNode):
    """Moves the axes ``source`` to the positions ``destination`` (the output is a view)."""

    def __init__(self, source, destination):
        self.source = _as_axes(source)
        self.destination = _as_axes(destination)
        if len(self.source) != len(self.destination):
            raise ValueError('source and destination must list the same number of axes')

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')
        for a in self.source + self.destination:
            _axes.expect_axis(x_type, a)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        return xp.moveaxis(x, self.source, self.destination),

    def backward(self, indexes, grad_outputs):
        return _moveaxis_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _moveaxis_back(self, indexes, grad_outputs)


def _moveaxis_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a move of axes: the axes moved back from where they were put."""
    return ops.moveaxis(grad_outputs[0], node.destination, node.source),


def moveaxis(x, source, destination):
    """Moves axes of a variable to new positions; the other axes keep their order.

    See also :func:`~chainer.functions.transpose` and :func:`~chainer.functions.swapaxes`.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).
        source (int or tuple of ints): The axes to move (distinct).
        destination (int or tuple of ints): Their positions in the output (distinct).

    Returns:
        ~chainer.Variable: The rearranged variable.

    .. admonition:: Example

        >>> x = np.zeros((2, 3, 4), np.float32)
        >>> F.moveaxis(x, 0, -1).shape
        (3, 4, 2)
        >>> F.moveaxis(x, [0, 1], [1, 2]).shape
        (4, 2, 3)
    """
    return Moveaxis(source, destination).apply((x,))[0]
