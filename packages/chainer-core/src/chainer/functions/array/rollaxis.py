from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Rollaxis(function_node.FunctionNode):

    """Roll an axis of an array to a given position."""

    def __init__(self, axis, start):
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError('axis must be int')
        if not isinstance(start, int) or isinstance(start, bool):
            raise TypeError('start must be int')
        self.axis = axis
        self.start = start

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        if self.axis >= 0:
            type_check.expect(x_type.ndim > self.axis)
        else:
            type_check.expect(x_type.ndim > -self.axis - 1)
        if self.start >= 0:
            type_check.expect(x_type.ndim >= self.start)
        else:
            type_check.expect(x_type.ndim > -self.start - 1)

    def forward(self, inputs):
        self.retain_inputs(())
        x, = inputs
        self._in_ndim = x.ndim
        xp = backend.get_array_module(x)
        return xp.rollaxis(x, self.axis, self.start),

    def backward(self, indexes, grad_outputs):
        ndim = self._in_ndim
        axis = self.axis % ndim
        start = self.start + ndim if self.start < 0 else self.start
        # position of the rolled axis in the output
        pos = start - 1 if axis < start else start
        # roll it back so that it lands on ``axis`` again
        back = axis + 1 if axis > pos else axis
        return Rollaxis(pos, back).apply(grad_outputs)

def rollaxis(x, axis, start=0):
    """Roll the axis backwards to the given position.

    This function continues to be supported for backward compatibility,
    but you should prefer ``chainer.functions.moveaxis(x, source,
    destination)``. See :func:`chainer.functions.moveaxis`.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis (int): The axis to roll backwards.
        start (int): The place to which the axis is moved.

    Returns:
        ~chainer.Variable: Variable whose axis is rolled.

    """
    return Rollaxis(axis, start).apply((x,))[0]
