import numpy

from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _is_int(x):
    # NumPy/CuPy also accept bools as repeats, so bool (an int) is allowed.
    return isinstance(x, (int, numpy.integer))


class Repeat(function_node.FunctionNode):

    """Repeat elements of an array."""

    def __init__(self, repeats, axis=None):
        if _is_int(repeats):
            self.repeats = (int(repeats),)
        elif isinstance(repeats, tuple) and all(_is_int(x) for x in repeats):
            self.repeats = tuple(int(x) for x in repeats)
        else:
            raise TypeError('repeats must be int or tuple of ints')

        if not all(x >= 0 for x in self.repeats):
            raise ValueError('all elements in repeats must be zero or larger')

        if axis is not None and (not _is_int(axis) or isinstance(axis, bool)):
            raise TypeError('axis must be int or None')
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        if self.axis is not None:
            if self.axis >= 0:
                type_check.expect(self.axis < x_type.ndim)
            else:
                type_check.expect(-self.axis <= x_type.ndim)

    def forward(self, inputs):
        self.retain_inputs(())
        x, = inputs
        xp = backend.get_array_module(x)
        repeats = self.repeats
        if len(repeats) == 1:
            repeats = repeats[0]
        return xp.repeat(x, repeats, self.axis),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return RepeatGrad(
            self.repeats, self.axis, self.inputs[0].shape,
            self.inputs[0].dtype).apply((gy,))


class RepeatGrad(function_node.FunctionNode):

    """Gradient of :class:`Repeat`: sums the repeated elements."""

    def __init__(self, repeats, axis, in_shape, in_dtype):
        self.repeats = repeats
        self.axis = axis
        self.in_shape = in_shape
        self.in_dtype = in_dtype

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        repeats = self.repeats
        axis = self.axis
        if axis is None:
            gy = gy.reshape(-1)
            axis = 0
            n = int(numpy.prod(self.in_shape, dtype=numpy.int64))
        else:
            axis %= len(self.in_shape)
            n = self.in_shape[axis]
        # Move the repeated axis to the front: (n_out, rest...).
        gy = xp.moveaxis(gy, axis, 0)
        rest = gy.shape[1:]

        if len(repeats) == 1:
            r = repeats[0]
            gx = gy.reshape((n, r) + rest).sum(axis=1)
        else:
            rep = numpy.asarray(repeats, dtype=numpy.intp)
            if xp is numpy:
                gx = numpy.zeros((n,) + rest, dtype=gy.dtype)
                nonzero = rep > 0
                if nonzero.any():
                    starts = numpy.concatenate(([0], numpy.cumsum(rep)[:-1]))
                    gx[nonzero] = numpy.add.reduceat(
                        gy, starts[nonzero], axis=0)
            else:
                idx = xp.asarray(numpy.repeat(numpy.arange(n), rep))
                gx = xp.zeros((n,) + rest, dtype=gy.dtype)
                import cupyx
                cupyx.scatter_add(gx, idx, gy)
        gx = xp.moveaxis(gx, 0, axis)
        if self.axis is None:
            gx = gx.reshape(self.in_shape)
        # (not ascontiguousarray: it turns 0-dim arrays into 1-dim ones)
        return gx.astype(self.in_dtype, order='C', copy=False),

    def backward(self, indexes, grad_outputs):
        return Repeat(self.repeats, self.axis).apply(grad_outputs)


def repeat(x, repeats, axis=None):
    """Construct an array by repeating a given array.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            Input variable.
        repeats (:class:`int` or :class:`tuple` of :class:`int` s):
            The number of times which each element of ``x`` is repeated.
        axis (:class:`int`):
            The axis along which to repeat values.

    Returns:
        ~chainer.Variable: The repeated output Variable.

    """
    return Repeat(repeats, axis).apply((x,))[0]
