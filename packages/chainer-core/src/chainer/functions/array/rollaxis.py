"""Rolling an axis to a position: :func:`rollaxis`."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Rollaxis(function_node.FunctionNode):
    """Moves ``axis`` so that it ends up in front of the axis that was at ``start``."""

    def __init__(self, axis, start):
        for name, value in (('axis', axis), ('start', start)):
            if not _axes.is_int(value):
                raise TypeError('%s must be int' % name)
        self.axis = axis
        self.start = start

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        _axes.expect_axis(x_type, self.axis)
        # start ranges over -ndim .. ndim (ndim: after the last axis)
        if self.start < 0:
            type_check.expect(-self.start <= x_type.ndim)
        else:
            type_check.expect(self.start <= x_type.ndim)

    def forward(self, inputs):
        x, = inputs
        self._ndim = x.ndim
        xp = backend.get_array_module(x)
        return xp.rollaxis(x, self.axis, self.start),

    def _inverse(self):
        """Returns ``(axis, start)`` of the roll that undoes this one."""
        ndim = self._ndim
        axis = self.axis % ndim
        start = self.start + ndim if self.start < 0 else self.start
        # where the rolled axis sits in the output, and the roll that brings it home
        landed = start - 1 if axis < start else start
        home = axis + 1 if axis > landed else axis
        return landed, home

    def backward(self, indexes, grad_outputs):
        return _rollaxis_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _rollaxis_back(self, indexes, grad_outputs)


def _rollaxis_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a roll of an axis: the roll that undoes it."""
    return ops.rollaxis(grad_outputs[0], *node._inverse()),


def rollaxis(x, axis, start=0):
    """Rolls an axis of a variable backwards until it lies before position ``start``.

    Kept for compatibility; :func:`~chainer.functions.moveaxis` is the clearer interface.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis (int): The axis to move.
        start (int): The axis is placed before the axis at this position.

    Returns:
        ~chainer.Variable: The rearranged variable.

    .. admonition:: Example

        >>> x = np.zeros((2, 3, 4), np.float32)
        >>> F.rollaxis(x, 2).shape
        (4, 2, 3)
        >>> F.rollaxis(x, 0, 2).shape
        (3, 2, 4)
    """
    return Rollaxis(axis, start).apply((x,))[0]
