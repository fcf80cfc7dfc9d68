"""Repetition of the elements of an array: :func:`repeat`."""
import numpy

from chainer import backend
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.utils._scatter import scatter_add
from chainer.utils import type_check


def _is_count(value):
    # the array libraries accept bools as repeat counts too
    return isinstance(value, (int, numpy.integer))


class Repeat(function_node.FunctionNode):
    """Repeats every element ``repeats`` times along ``axis`` (the flattened input if None)."""

    def __init__(self, repeats, axis=None):
        if _is_count(repeats):
            repeats = (int(repeats),)
        elif isinstance(repeats, tuple) and all(_is_count(r) for r in repeats):
            repeats = tuple(int(r) for r in repeats)
        else:
            raise TypeError('repeats must be int or tuple of ints')
        if any(r < 0 for r in repeats):
            raise ValueError('all elements in repeats must be zero or larger')
        if axis is not None and not _axes.is_integer(axis):
            raise TypeError('axis must be int or None')
        self.repeats = repeats
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        # (an axis out of range is NumPy's AxisError, a ValueError and an IndexError, as v7)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        self._in_dtype = x.dtype
        counts = self.repeats[0] if len(self.repeats) == 1 else self.repeats
        return backend.get_array_module(x).repeat(x, counts, self.axis),

    def backward(self, indexes, grad_outputs):
        grad = RepeatGrad(self.repeats, self.axis, self._in_shape, self._in_dtype)
        return grad.apply(grad_outputs)


class RepeatGrad(function_node.FunctionNode):
    """Gradient of :class:`Repeat`: sums each run of repeated elements into one."""

    def __init__(self, repeats, axis, in_shape, in_dtype):
        self.repeats = repeats
        self.axis = axis
        self.in_shape = in_shape
        self.in_dtype = in_dtype

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        if self.axis is None:
            axis = 0
            n = 1
            for s in self.in_shape:
                n *= s
            gy = gy.reshape(-1)
        else:
            axis = self.axis % len(self.in_shape)
            n = self.in_shape[axis]
        runs = xp.moveaxis(gy, axis, 0)          # (total repeats, ...)
        tail = runs.shape[1:]
        if len(self.repeats) == 1:
            # every element is repeated equally: fold the runs into their own axis
            gx = runs.reshape((n, self.repeats[0]) + tail).sum(axis=1)
        else:
            owner = numpy.repeat(numpy.arange(n), self.repeats)
            gx = xp.zeros((n,) + tail, gy.dtype)
            scatter_add(gx, xp.asarray(owner), runs)
        gx = xp.moveaxis(gx, 0, axis)
        if self.axis is None:
            gx = gx.reshape(self.in_shape)
        # order='C' rather than ascontiguousarray, which would turn 0-dim results into 1-dim
        return gx.astype(self.in_dtype, order='C', copy=False),

    def backward(self, indexes, grad_outputs):
        return Repeat(self.repeats, self.axis).apply(grad_outputs)


def repeat(x, repeats, axis=None):
    """Repeats each element of a variable (like :func:`numpy.repeat`).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        repeats (int or tuple of ints): Repeat count, shared by all elements or given per
            element along ``axis``.
        axis (int or None): The axis along which elements are repeated; ``None`` works on the
            flattened input.

    Returns:
        ~chainer.Variable: The variable with repeated elements.

    .. admonition:: Example

        >>> x = np.array([[1, 2], [3, 4]], np.float32)
        >>> F.repeat(x, 2, axis=1).array
        array([[1., 1., 2., 2.],
               [3., 3., 4., 4.]], dtype=float32)
        >>> F.repeat(x, (1, 2), axis=0).array
        array([[1., 2.],
               [3., 4.],
               [3., 4.]], dtype=float32)
    """
    return Repeat(repeats, axis).apply((x,))[0]
