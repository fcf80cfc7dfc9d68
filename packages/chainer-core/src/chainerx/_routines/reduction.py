"""Reductions and statistics: sum, amax/amin, mean, var, logsumexp, arg-reductions, cumsum, ...

``axis`` is None (all axes), an int or a sequence of ints (``DimensionError`` when out of range
or repeated).
"""
import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _basic
from chainerx._routines import _core
from chainerx._routines import arithmetic
from chainerx._routines import indexing
from chainerx._routines import logic
from chainerx._routines import manipulation
from chainerx._routines import math

ndarray = _core.ndarray
_wrap = _core.wrap_result


def _kept_shape(shape, axes):
    return tuple(1 if i in axes else s for i, s in enumerate(shape))


def _broadcast_back(xp, gy, kshape, shape):
    if gy.shape != kshape:
        gy = gy.reshape(kshape)
    return xp.broadcast_to(gy, shape)


def _reduction_output(a, out, axes, backward, retain_x, retain_y):
    # ``out`` reduced from ``a`` over ``axes``, recorded for a floating point ``a`` (the
    # backward gets the params (shape of a, shape of out with the axes kept))
    y = _wrap(out, a._device)
    data = a._data
    if a._nodes is not None and data.dtype.kind == 'f':
        _graph.record_unary(a, y, backward, (data.shape, _kept_shape(data.shape, axes)),
                            retain_x, retain_y)
    return y


def _sum_dtype(dtype):
    # v7's ChainerX sums bool and integer arrays (unsigned ones too) as int64
    return numpy.dtype(numpy.int64) if dtype.kind in 'biu' else dtype


def _sum_bw(xp, op, xs, ys, gys):
    shape, kshape = op.params
    return _broadcast_back(xp, gys[0], kshape, shape),


def sum(a, axis=None, keepdims=False):
    """Sum of the elements over the given axes.

    Bool and integer arrays are summed as ``int64`` (as v7's ChainerX does, unsigned ones
    too); ``float16`` is accumulated in ``float32``.
    """
    _core.check_array(a, 'a')
    data = a._data
    axes = _core.normalize_axes(axis, data.ndim)
    dtype = _sum_dtype(data.dtype)
    if dtype == numpy.float16:
        out = data.sum(axis=axes, keepdims=keepdims, dtype=numpy.float32).astype(dtype)
    else:
        out = data.sum(axis=axes, keepdims=keepdims, dtype=dtype)
    return _reduction_output(a, out, axes, _sum_bw, False, False)


def _nansum_bw(xp, op, xs, ys, gys):
    shape, kshape = op.params
    x, = xs
    g = _broadcast_back(xp, gys[0], kshape, shape)
    return xp.where(xp.isnan(x), g.dtype.type(0), g),


def nansum(a, axis=None, keepdims=False):
    """Sum over the given axes treating NaNs as zero (the dtypes of :func:`sum`)."""
    _core.check_array(a, 'a')
    data = a._data
    axes = _core.normalize_axes(axis, data.ndim)
    xp = a._device.xp
    dtype = _sum_dtype(data.dtype)
    if dtype.kind == 'i':
        out = data.sum(axis=axes, keepdims=keepdims, dtype=dtype)
    else:
        out = xp.nansum(data, axis=axes, keepdims=keepdims).astype(dtype, copy=False)
    return _reduction_output(a, out, axes, _nansum_bw, True, False)


def _extremum_bw(xp, op, xs, ys, gys):
    shape, kshape = op.params
    x, = xs
    y, = ys
    g = _broadcast_back(xp, gys[0], kshape, shape)
    yb = _broadcast_back(xp, y, kshape, shape)
    return xp.where(x == yb, g, g.dtype.type(0)),


def _extremum(name, a, axis, keepdims, raw):
    _core.check_array(a, 'a')
    data = a._data
    axes = _core.normalize_axes(axis, data.ndim)
    for ax in axes:
        if data.shape[ax] == 0:
            raise _errors.DimensionError(
                '{}: cannot compute the maximum or minimum over a zero-size axis'.format(name))
    if data.size == 0 and not axes:
        raise _errors.DimensionError('{}: zero-size array'.format(name))
    return _reduction_output(a, raw(data, axis=axes, keepdims=keepdims), axes, _extremum_bw,
                             True, True)


def amax(a, axis=None, keepdims=False):
    """Maximum over the given axes (ties all receive the gradient)."""
    return _extremum('amax', a, axis, keepdims, numpy.amax)


def amin(a, axis=None, keepdims=False):
    """Minimum over the given axes (ties all receive the gradient)."""
    return _extremum('amin', a, axis, keepdims, numpy.amin)


max = amax
min = amin


def mean(a, axis=None, keepdims=False):
    """Arithmetic mean over the given axes (integral inputs give ``float32``)."""
    _core.check_array(a, 'a')
    axes = _core.normalize_axes(axis, a._data.ndim)
    n = 1
    for ax in axes:
        n *= a._data.shape[ax]
    if a._data.dtype.kind != 'f':
        a = _basic.astype(a, numpy.float32)
    s = sum(a, axes, keepdims)
    return arithmetic.divide(s, s.dtype.type(n) if n else s.dtype.type(numpy.nan))


def var(a, axis=None, keepdims=False):
    """Variance (the mean of squared deviations) over the given axes."""
    _core.check_array(a, 'a')
    axes = _core.normalize_axes(axis, a._data.ndim)
    if a._data.dtype.kind != 'f':
        a = _basic.astype(a, numpy.float32)
    diff = arithmetic.subtract(a, mean(a, axes, True))
    return mean(math.square(diff), axes, keepdims)


def logsumexp(x, axis=None, keepdims=False):
    """``log(sum(exp(x)))`` over the given axes, computed stably."""
    _core.check_array(x, 'x')
    axes = _core.normalize_axes(axis, x._data.ndim)
    m = amax(x, axes, True).as_grad_stopped()
    m = indexing.where(logic.isfinite(m), m, 0)
    s = sum(math.exp(arithmetic.subtract(x, m)), axes, True)
    y = arithmetic.add(math.log(s), m)
    if not keepdims:
        y = manipulation.reshape(y, tuple(d for i, d in enumerate(y.shape) if i not in axes))
    return y


def _arg_extremum(name, a, axis, raw):
    _core.check_array(a, 'a')
    data = a._data
    if axis is None:
        if data.size == 0:
            raise _errors.DimensionError('{}: attempt to get {} of an empty sequence'.format(
                name, name))
        return _wrap(numpy.asarray(raw(data)).astype(numpy.int64) if a._device._is_native
                     else raw(data).astype(numpy.int64), a._device)
    axis = _core.normalize_axis(axis, data.ndim)
    if data.shape[axis] == 0:
        raise _errors.DimensionError('{}: attempt to get {} of an empty sequence'.format(
            name, name))
    return _wrap(raw(data, axis=axis).astype(numpy.int64), a._device)


def argmax(a, axis=None):
    """Indices (int64) of the maximum elements along ``axis`` (of the flattened array)."""
    return _arg_extremum('argmax', a, axis, lambda d, **kw: d.argmax(**kw))


def argmin(a, axis=None):
    """Indices (int64) of the minimum elements along ``axis`` (of the flattened array)."""
    return _arg_extremum('argmin', a, axis, lambda d, **kw: d.argmin(**kw))


def _nan_arg(raw_name):
    def arg(d, **kw):
        # NumPy dispatches to CuPy for CuPy arrays
        return getattr(numpy, raw_name)(d, **kw)
    return arg


def nanargmax(a, axis=None):
    """Like :func:`argmax`, ignoring NaNs."""
    return _arg_extremum('nanargmax', a, axis, _nan_arg('nanargmax'))


def nanargmin(a, axis=None):
    """Like :func:`argmin`, ignoring NaNs."""
    return _arg_extremum('nanargmin', a, axis, _nan_arg('nanargmin'))


def _cumsum_bw(xp, op, xs, ys, gys):
    axis, shape = op.params
    gy = gys[0]
    if _core.is_chainerx(xp):
        g = manipulation.flip(cumsum(manipulation.flip(gy, axis), axis), axis)
    else:
        g = xp.flip(xp.cumsum(xp.flip(gy, axis), axis), axis)
    return g.reshape(shape),


def cumsum(x, axis=None):
    """Cumulative sum along ``axis`` (of the flattened array when None; the dtypes of
    :func:`sum`)."""
    _core.check_array(x, 'x')
    data = x._data
    if axis is None:
        x = manipulation.reshape(x, (-1,))
        data = x._data
        axis = 0
    else:
        axis = _core.normalize_axis(axis, data.ndim)
    y = _wrap(data.cumsum(axis=axis, dtype=_sum_dtype(data.dtype)), x._device)
    if x._nodes is not None and data.dtype.kind == 'f':
        _graph.record_unary(x, y, _cumsum_bw, (axis, data.shape), False, False)
    return y


def count_nonzero(a, axis=None):
    """The number of non-zero elements (int64) over the given axes."""
    _core.check_array(a, 'a')
    data = a._data
    axes = _core.normalize_axes(axis, data.ndim)
    return _wrap((data != 0).sum(axis=axes, dtype=numpy.int64), a._device)


def all(x, axis=None, keepdims=False):
    """Whether all elements are true over the given axes (bool)."""
    _core.check_array(x, 'x')
    axes = _core.normalize_axes(axis, x._data.ndim)
    return _wrap(x._data.all(axis=axes, keepdims=keepdims), x._device)


def any(x, axis=None, keepdims=False):
    """Whether any element is true over the given axes (bool)."""
    _core.check_array(x, 'x')
    axes = _core.normalize_axes(axis, x._data.ndim)
    return _wrap(x._data.any(axis=axes, keepdims=keepdims), x._device)
