"""Cumulative product along an axis."""
import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.functions.math import _reduction
from chainer.functions.math.cumsum import _flip
from chainer.utils import type_check


def _shift(x, axis, fill):
    """Shifts the Variable ``x`` by one along ``axis`` toward higher indices.

    Element ``i`` of the result is ``x[i - 1]``; element 0 is ``fill``.
    """
    n = x.shape[axis]
    if n == 0:
        return x
    index = numpy.arange(-1, n - 1)
    index[0] = 0
    shifted = chainer.functions.get_item(x, (slice(None),) * axis + (index,))
    mask_shape = [1] * x.ndim
    mask_shape[axis] = n
    mask = numpy.ones(mask_shape, dtype=x.dtype)
    mask.reshape(-1)[0] = 0
    xp = backend.get_array_module(x)
    if xp is not numpy:
        mask = xp.asarray(mask)
    shifted = shifted * mask
    if fill != 0:
        shifted = shifted + (1 - mask) * fill
    return shifted


class Cumprod(function_node.FunctionNode):
    """Cumulative product of array elements over a given axis."""

    def __init__(self, axis):
        axis = _reduction.normalize_axis(axis, allow_tuple=False)
        if axis is None:
            raise TypeError('axis must be an int')
        self.axis = axis[0]

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        _reduction.expect_axis(in_types[0], (self.axis,))

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(xp.cumprod(x, axis=self.axis, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        axis = self.axis % x.ndim
        # gx[k] = prod(x[:k]) * sum_{i >= k} gy[i] * prod(x[k+1:i+1]); the sum follows the
        # recurrence z[k] = gy[k] + x[k+1] * z[k+1], i.e. a reversed Cumprodsum.
        left = cumprod(_shift(x, axis, 1), axis)
        z = Cumprodsum(axis).apply((_shift(_flip(x, axis), axis, 0), _flip(gy, axis)))[0]
        return left * _flip(z, axis),


class Cumprodsum(function_node.FunctionNode):
    """Linear recurrence ``y[0] = b[0]``, ``y[i] = b[i] + a[i] * y[i - 1]`` along an axis.

    Used for the gradient of :class:`Cumprod`; ``a[0]`` is ignored.
    """

    def __init__(self, axis):
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a', 'b'))
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[1].dtype == in_types[0].dtype,
            in_types[0].shape == in_types[1].shape,
        )

    def forward(self, inputs):
        a, b = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(a, b)
        a_t = xp.moveaxis(a, self.axis, 0)
        y = xp.moveaxis(b, self.axis, 0).copy()
        for i in range(1, y.shape[0]):
            y[i] += a_t[i] * y[i - 1]
        return utils.force_array(xp.moveaxis(y, 0, self.axis)),

    def backward(self, indexes, grad_outputs):
        a, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        axis = self.axis % a.ndim
        w = Cumprodsum(axis).apply((_shift(_flip(a, axis), axis, 0), _flip(gy, axis)))[0]
        w = _flip(w, axis)
        ret = []
        if 0 in indexes:
            ret.append(w * _shift(y, axis, 0))
        if 1 in indexes:
            ret.append(w)
        return ret


def cumprod(x, axis=None):
    """Running products along an axis: ``y[..., i, ...] = x[..., :i + 1, ...].prod(axis)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        axis (int or None): The axis to accumulate along; ``None`` accumulates over the
            flattened input.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> F.cumprod(x, axis=1).array
        array([[  1.,   2.,   6.],
               [  4.,  20., 120.]], dtype=float32)
        >>> F.cumprod(x).array  # flattened when axis is None
        array([  1.,   2.,   6.,  24., 120., 720.], dtype=float32)
    """
    if axis is None:
        x = chainer.functions.reshape(x, (-1,))
        axis = 0
    return Cumprod(axis).apply((x,))[0]
