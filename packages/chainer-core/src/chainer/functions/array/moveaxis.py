from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _as_tuple(axis):
    if isinstance(axis, int):
        return (axis,)
    return tuple(axis)


class Moveaxis(function_node.FunctionNode):

    """Move axis of an array."""

    def __init__(self, source, destination):
        self.source = _as_tuple(source)
        self.destination = _as_tuple(destination)
        if len(self.source) != len(self.destination):
            raise ValueError('Length of source and destination are '
                             'different.')

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        for axis in self.source + self.destination:
            if axis >= 0:
                type_check.expect(axis < in_types[0].ndim)
            else:
                type_check.expect(-axis - 1 < in_types[0].ndim)

    def forward(self, inputs):
        self.retain_inputs(())
        x, = inputs
        xp = backend.get_array_module(x)
        return xp.moveaxis(x, self.source, self.destination),

    def backward(self, indexes, grad_outputs):
        return Moveaxis(self.destination, self.source).apply(grad_outputs)


def moveaxis(x, source, destination):
    """Move the source axes to the destination.

    This function transpose the input ``x`` by moving
    the axes ``source`` to the axes ``destination``.
    Other axes remain in their original order.

    See also :func:`chainer.functions.transpose`,
    :func:`chainer.functions.swapaxes`.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            Input variable.
        source (int or tuple of int):
            Original positions of the axes to move. These must be unique.
        destination (int or tuple of int):
            Destination positions for each of the original axes.
            These must also be unique.

    Returns:
        ~chainer.Variable: Variable whose axis is moved.

    """
    return Moveaxis(source, destination).apply((x,))[0]
