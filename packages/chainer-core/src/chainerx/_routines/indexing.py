"""Indexing: basic indexing (``a[key]``, ``a[key] = v``), take, where, nonzero.

Only basic indexing (integers, slices, ``None``/``newaxis`` and ``...``) is supported by
``__getitem__`` and ``__setitem__``; the one advanced form accepted is a whole key that is an
integer ChainerX array, which is :func:`take` along axis 0. Other advanced keys raise
``IndexError``.
"""
import numbers

import numpy

from chainerx import _dtypes
from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap
_BASIC_TYPES = (numbers.Integral, numpy.integer, slice, type(None), type(Ellipsis))


def _normalize_key(key):
    items = key if isinstance(key, tuple) else (key,)
    out = []
    for item in items:
        if isinstance(item, bool) or isinstance(item, numpy.bool_):
            raise IndexError('boolean indices are not supported (basic indexing only)')
        if isinstance(item, _BASIC_TYPES):
            out.append(int(item) if isinstance(item, (numbers.Integral, numpy.integer))
                       else item)
        elif isinstance(item, ndarray) and item.ndim == 0 and item.dtype.kind in 'iu':
            out.append(int(item))
        else:
            raise IndexError(
                'only integers, slices (`:`), ellipsis (`...`), chainerx.newaxis (`None`) '
                'and integer chainerx arrays (as a whole key) are valid indices; got {}'.format(
                    type(item).__name__))
    return tuple(out)


def _scatter_raw(xp, gy, key, shape):
    gx = xp.zeros(shape, gy.dtype)
    gx[key] = gy
    return gx


def _get_item_bw(xp, op, xs, ys, gys):
    key, shape = op.params
    if _core.is_chainerx(xp):
        return _scatter(gys[0], key, shape),
    return _scatter_raw(xp, gys[0], key, shape),


def _scatter_bw(xp, op, xs, ys, gys):
    return gys[0][op.params[0]],


def _scatter(g, key, shape):
    return _core.device_unary_output(g, _scatter_raw, (key, shape), _scatter_bw, (key, shape))


def get_item(a, key):
    """``a[key]`` with basic indexing (a view), differentiable."""
    if isinstance(key, ndarray) and key.ndim > 0:
        if key.dtype.kind not in 'iu':
            raise IndexError('only integer chainerx arrays are valid array indices')
        return take(a, key, 0)
    key = _normalize_key(key)
    data = a._data
    out = data[key]
    if type(out) is not type(data):
        out = a._device.xp.asarray(out)
    y = _wrap(out, a._device)
    if a._nodes is not None and data.dtype.kind == 'f':
        _graph.record_unary(a, y, _get_item_bw, (key, data.shape), False, False)
    return y


def set_item(a, key, value):
    """``a[key] = value`` with basic indexing, in place (not allowed on arrays in a graph)."""
    _core.check_no_unsafe_inplace(a, '__setitem__')
    key = _normalize_key(key)
    if isinstance(value, ndarray):
        if value._device is not a._device:
            raise _errors.DeviceError('Cannot assign an array on {} to an array on {}'.format(
                value._device.name, a._device.name))
        value = value._data
    elif not _core.is_scalar(value):
        raise TypeError('value must be a chainerx.ndarray or a scalar, not {}'.format(
            type(value).__name__))
    try:
        a._data[key] = value
    except ValueError as e:
        raise _errors.DimensionError('__setitem__: {}'.format(e)) from None


# --------------------------------------------------------------------------------------------
# take

def _as_indices(indices, device):
    if isinstance(indices, ndarray):
        if indices._device is not device:
            raise _errors.DeviceError('indices must be on the device of the array')
        data = indices._data
    else:
        data = numpy.asarray(indices)
        if data.dtype.kind not in 'iu' and data.size:
            raise _errors.DtypeError('indices must be integers, not {}'.format(data.dtype))
        data = data.astype(numpy.int64)
        if not device._is_native:
            with device._use():
                data = device.xp.asarray(data)
    if data.dtype.kind not in 'iu':
        raise _errors.DtypeError('indices must be integers, not {}'.format(data.dtype))
    return data


def _take_scatter_raw(xp, gy, indices, axis, shape):
    gx = xp.zeros(shape, gy.dtype)
    key = (slice(None),) * axis + (indices,)
    if xp is numpy:
        numpy.add.at(gx, key, gy)
    else:
        import cupyx
        cupyx.scatter_add(gx, key, gy)
    return gx


def _take_bw(xp, op, xs, ys, gys):
    indices, axis, shape = op.params
    if _core.is_chainerx(xp):
        return _take_scatter(gys[0], indices, axis, shape),
    return _take_scatter_raw(xp, gys[0], indices, axis, shape),


def _take_scatter_bw(xp, op, xs, ys, gys):
    indices, axis, shape = op.params
    g = gys[0]
    if _core.is_chainerx(xp):
        return _take_raw_indices(g, indices, axis),
    return xp.take(g, indices, axis),


def _take_scatter(g, indices, axis, shape):
    return _core.device_unary_output(g, _take_scatter_raw, (indices, axis, shape),
                                     _take_scatter_bw, (indices, axis, shape))


def _take_raw_indices(a, indices, axis):
    data = a._data
    y = _wrap(data.take(indices, axis), a._device)
    if a._nodes is not None and data.dtype.kind == 'f':
        _graph.record_unary(a, y, _take_bw, (indices, axis, data.shape), False, False)
    return y


def take(a, indices, axis=None, mode='wrap'):
    """Takes elements of ``a`` at ``indices`` along ``axis`` (of the flattened array if None).

    Args:
        indices: Integer indices (a ChainerX array, or a sequence or NumPy array of ints).
        mode (str): ``'wrap'`` (default: indices wrap around, negative ones count from the
            end), ``'clip'`` (indices are clipped) or ``'raise'``.
    """
    _core.check_array(a, 'a')
    if axis is None:
        from chainerx._routines import manipulation
        a = manipulation.reshape(a, (-1,))
        axis = 0
    data = a._data
    axis = _core.normalize_axis(axis, data.ndim)
    idx = _as_indices(indices, a._device)
    n = data.shape[axis]
    if mode == 'wrap':
        if n == 0 and idx.size:
            raise IndexError('cannot take from an empty axis')
        if idx.size:
            idx = idx % n if n else idx
    elif mode == 'clip':
        idx = idx.clip(0, max(n - 1, 0))
    elif mode == 'raise':
        if idx.size and (int(idx.min()) < -n or int(idx.max()) >= n):
            raise IndexError('index out of bounds for axis {} with size {}'.format(axis, n))
        idx = idx % n if n else idx
    else:
        raise ValueError('mode must be \'wrap\', \'clip\' or \'raise\', not {!r}'.format(mode))
    return _take_raw_indices(a, idx, axis)


# --------------------------------------------------------------------------------------------
# where and nonzero

def _where_bw(xp, op, xs, ys, gys):
    cond, shapes = op.params
    gy = gys[0]
    zero = gy.dtype.type(0)
    if _core.is_chainerx(xp):
        cond = _wrap(cond, gy._device)
    inputs = op.inputs
    gx = None if inputs[0] is None else _core.sum_to(xp.where(cond, gy, zero), shapes[0])
    gy2 = None if inputs[1] is None else _core.sum_to(xp.where(cond, zero, gy), shapes[1])
    return gx, gy2


def where(cond, x, y):
    """Elements of ``x`` where ``cond`` is true, else of ``y`` (arrays or scalars)."""
    _core.check_array(cond, 'cond')
    device = cond._device
    arrays = [v for v in (x, y) if isinstance(v, ndarray)]
    for v in (x, y):
        if not isinstance(v, ndarray) and not _core.is_scalar(v):
            raise TypeError('where: x and y must be arrays or scalars, not {}'.format(
                type(v).__name__))
    _core.check_same_device(cond, *arrays)
    dtype = _dtypes.result_type(*[v for v in (x, y)])
    cond = cond._data
    if cond.dtype.kind != 'b':
        cond = cond.astype(bool)
    xd = x._data.astype(dtype, copy=False) if isinstance(x, ndarray) else dtype.type(x)
    yd = y._data.astype(dtype, copy=False) if isinstance(y, ndarray) else dtype.type(y)
    xp = device.xp
    try:
        out = xp.where(cond, xd, yd)
    except ValueError:
        raise _core.broadcast_error('where', cond.shape, numpy.shape(xd),
                                    numpy.shape(yd)) from None
    out_nd = _wrap(xp.asarray(out, dtype), device)
    graph_inputs = [v if isinstance(v, ndarray) else None for v in (x, y)]
    if dtype.kind == 'f' and any(v is not None and v._nodes is not None for v in graph_inputs):
        xa = graph_inputs[0] if graph_inputs[0] is not None else _wrap(
            xp.asarray(xd), device)
        ya = graph_inputs[1] if graph_inputs[1] is not None else _wrap(
            xp.asarray(yd), device)
        cond_b = xp.broadcast_to(cond, out.shape)
        _graph.record((xa, ya), (out_nd,), _where_bw,
                      (cond_b, (xa._data.shape, ya._data.shape)))
    return out_nd


def nonzero(a):
    """The indices of the non-zero elements: a tuple of int64 arrays, one per dimension."""
    _core.check_array(a, 'a')
    data = a._data
    if data.ndim == 0:
        data = data.reshape((1,))
    return tuple(_wrap(i.astype(numpy.int64, copy=False), a._device) for i in data.nonzero())
