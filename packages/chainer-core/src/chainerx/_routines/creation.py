"""Array creation: from data (array, asarray, ...), filled arrays, ranges and matrices.

Creation routines without a ``dtype`` use the default dtype of the kind of their values
(``float32`` for floats, ``int64`` for integers) except :func:`array`/:func:`asarray`, which
keep the dtype of NumPy data (and infer ``float64``/``int64`` from Python data as NumPy does).
Arrays go to ``device`` (the default device when None).
"""

import numpy

from chainerx import _device
from chainerx import _dtypes
from chainerx import _errors
from chainerx._routines import _basic
from chainerx._routines import _core
from chainerx._routines import manipulation

ndarray = _core.ndarray
_wrap = _core.wrap
_unary_output = _core.unary_output
_resolve_device = _device.resolve_device


def _dtype_or(dtype, default):
    return default if dtype is None else _dtypes.normalize(dtype)


def _is_cupy_array(obj):
    t = type(obj)
    return t.__module__.startswith('cupy') and t.__name__ == 'ndarray'


def _from_raw(data, dtype, copy, device):
    """An ndarray on ``device`` from a NumPy or CuPy array (shared when ``copy`` is False)."""
    if dtype is not None and data.dtype != dtype:
        data = data.astype(dtype)
        copy = False
    _dtypes.check_supported(data.dtype)
    is_numpy = isinstance(data, numpy.ndarray)
    if device._is_native:
        if not is_numpy:
            data = data.get()
            copy = False
        if not data.dtype.isnative:
            data = data.astype(data.dtype.newbyteorder('='))
            copy = False
        if copy:
            data = data.copy()
        return _wrap(data, device)
    xp = device.xp
    with device._use():
        if is_numpy:
            return _wrap(xp.asarray(data), device)
        if data.device.id != device.index:
            return _wrap(xp.array(data, copy=True), device)
        return _wrap(data.copy() if copy else data, device)


def array(object, dtype=None, copy=True, device=None):
    """Creates an array from ``object`` (array, NumPy/CuPy array, or nested sequence/scalar).

    Args:
        object: The data. A ChainerX array is copied (differentiably) or, with ``copy=False``,
            returned as is when its dtype and device already match.
        dtype: The dtype (inferred from the data when None).
        copy (bool): If False, the result may share memory with ``object``.
        device: The device (the default device when None; for a ChainerX array, its device).
    """
    dtype = None if dtype is None else _dtypes.normalize(dtype)
    if isinstance(object, ndarray):
        dst = object._device if device is None else _device.get_device(device)
        out = object
        if dst is not object._device:
            out = _basic.to_device(out, dst)
            copy = False
        if dtype is not None and dtype != out.dtype:
            return _basic.astype(out, dtype, True)
        return _basic.copy(out) if copy else out
    device = _resolve_device(device)
    if isinstance(object, numpy.ndarray):
        return _from_raw(object, dtype, copy, device)
    if _is_cupy_array(object):
        return _from_raw(object, dtype, copy, device)
    data = numpy.array(object, dtype=dtype)
    if data.dtype.kind in 'OUSV':
        raise TypeError('cannot create a chainerx.ndarray from {}'.format(type(object)))
    return _from_raw(data, None, False, device)


def asarray(object, dtype=None, device=None):
    """Like :func:`array` with ``copy=False``."""
    return array(object, dtype, False, device)


def asanyarray(a, dtype=None, device=None):
    """Like :func:`asarray` (ChainerX has no array subclasses)."""
    return array(a, dtype, False, device)


def ascontiguousarray(a, dtype=None, device=None):
    """An array with the data of ``a`` in C-contiguous layout (``a`` itself when it is)."""
    arr = asarray(a, dtype, device)
    if arr._data.flags.c_contiguous:
        return arr
    return _basic.copy(arr)


def _filled(shape, dtype, device, fill):
    shape = _core.shape_tuple(shape)
    device = _resolve_device(device)
    with device._use():
        return _wrap(fill(device.xp, shape, dtype), device)


def empty(shape, dtype=None, device=None):
    """An uninitialized array (``float32`` by default)."""
    return _filled(shape, _dtype_or(dtype, _dtypes.float32), device,
                   lambda xp, s, d: xp.empty(s, d))


def zeros(shape, dtype=None, device=None):
    """An array of zeros (``float32`` by default)."""
    return _filled(shape, _dtype_or(dtype, _dtypes.float32), device,
                   lambda xp, s, d: xp.zeros(s, d))


def ones(shape, dtype=None, device=None):
    """An array of ones (``float32`` by default)."""
    return _filled(shape, _dtype_or(dtype, _dtypes.float32), device,
                   lambda xp, s, d: xp.ones(s, d))


def full(shape, fill_value, dtype=None, device=None):
    """An array filled with ``fill_value`` (dtype inferred from it when None)."""
    if isinstance(fill_value, ndarray):
        fill_value = fill_value._data.reshape(()).item() if fill_value._device._is_native \
            else fill_value._data.get().item()
    if dtype is None:
        dtype = _dtypes.default_dtype_of_scalar(fill_value)
    else:
        dtype = _dtypes.normalize(dtype)
    return _filled(shape, dtype, device, lambda xp, s, d: xp.full(s, fill_value, d))


def _like_device(a, device):
    return a._device if device is None else _device.get_device(device)


def empty_like(a, device=None):
    """An uninitialized array of the shape and dtype of ``a``."""
    _core.check_array(a, 'a')
    return empty(a.shape, a.dtype, _like_device(a, device))


def zeros_like(a, device=None):
    """An array of zeros of the shape and dtype of ``a``."""
    _core.check_array(a, 'a')
    return zeros(a.shape, a.dtype, _like_device(a, device))


def ones_like(a, device=None):
    """An array of ones of the shape and dtype of ``a``."""
    _core.check_array(a, 'a')
    return ones(a.shape, a.dtype, _like_device(a, device))


def full_like(a, fill_value, device=None):
    """An array filled with ``fill_value``, of the shape and dtype of ``a``."""
    _core.check_array(a, 'a')
    return full(a.shape, fill_value, a.dtype, _like_device(a, device))


def arange(start, stop=None, step=None, dtype=None, device=None):
    """Evenly spaced values in ``[start, stop)``.

    The dtype defaults to ``int64`` for integral arguments and ``float32`` when any is a
    float (``bool_`` is allowed for ranges of at most two values).
    """
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    values = [start, stop, step]
    for v in values:
        if not _core.is_scalar(v):
            raise TypeError('arange arguments must be scalars, not {}'.format(type(v)))
    if step == 0:
        raise _errors.ChainerxError('Cannot create an array with zero step size')
    if dtype is None:
        rank = max(_dtypes.scalar_rank(v) for v in values)
        dtype = (_dtypes.int64, _dtypes.int64, _dtypes.float32)[rank]
    else:
        dtype = _dtypes.normalize(dtype)
    device = _resolve_device(device)
    if dtype.kind == 'b':
        n = max(0, int(numpy.ceil((float(stop) - float(start)) / float(step))))
        if n > 2:
            raise _errors.DtypeError('Cannot create a bool array of more than 2 elements')
        data = numpy.array([bool(start + i * step) for i in range(n)], dtype=bool)
    else:
        data = numpy.arange(start, stop, step, dtype=numpy.float64 if dtype.kind == 'f'
                            else None).astype(dtype)
    return _from_raw(data, None, False, device)


def linspace(start, stop, num=50, endpoint=True, dtype=None, device=None):
    """``num`` evenly spaced values from ``start`` to ``stop`` (``float32`` by default)."""
    if num < 0:
        raise _errors.ChainerxError('Number of samples, {}, must be non-negative'.format(num))
    dtype = _dtype_or(dtype, _dtypes.float32)
    data = numpy.linspace(start, stop, num, endpoint=endpoint)
    if dtype.kind in 'iu':
        data = numpy.floor(data)
    return _from_raw(data.astype(dtype), None, False, _resolve_device(device))


def eye(N, M=None, k=0, dtype=None, device=None):
    """A 2-d array with ones on the ``k``-th diagonal (``float32`` by default)."""
    dtype = _dtype_or(dtype, _dtypes.float32)
    if N < 0 or (M is not None and M < 0):
        raise _errors.DimensionError('negative dimensions are not allowed')
    return _filled((N, N if M is None else M), dtype, device,
                   lambda xp, s, d: xp.eye(s[0], s[1], k, d))


def identity(n, dtype=None, device=None):
    """The ``n`` x ``n`` identity matrix (``float32`` by default)."""
    return eye(n, None, 0, dtype, device)


def tri(N, M=None, k=0, dtype=None, device=None):
    """A matrix with ones at and below the ``k``-th diagonal (``float32`` by default)."""
    dtype = _dtype_or(dtype, _dtypes.float32)
    return _filled((N, N if M is None else M), dtype, device,
                   lambda xp, s, d: xp.tri(s[0], s[1], k, d))


def _tri_mask_bw(xp, op, xs, ys, gys):
    lower, k = op.params
    gy = gys[0]
    if _core.is_chainerx(xp):
        return (tril if lower else triu)(gy, k),
    return (xp.tril if lower else xp.triu)(gy, k),


def _tri_mask(m, k, lower):
    _core.check_array(m, 'm')
    if m._data.ndim < 2:
        raise _errors.DimensionError('tril/triu requires an array of 2 or more dimensions')
    xp = m._device.xp
    return _unary_output(m, (xp.tril if lower else xp.triu)(m._data, k), _tri_mask_bw, (lower, k))


def tril(m, k=0):
    """A copy of ``m`` with the elements above the ``k``-th diagonal zeroed."""
    return _tri_mask(m, k, True)


def triu(m, k=0):
    """A copy of ``m`` with the elements below the ``k``-th diagonal zeroed."""
    return _tri_mask(m, k, False)


def _diag_indices(shape, k):
    rows, cols = shape
    if k >= 0:
        n = max(0, min(rows, cols - k))
        return numpy.arange(n), numpy.arange(n) + k
    n = max(0, min(rows + k, cols))
    return numpy.arange(n) - k, numpy.arange(n)


def _diag_extract_bw(xp, op, xs, ys, gys):
    k, shape = op.params
    return _diag_embed_any(xp, gys[0], k, shape),


def _diag_embed_bw(xp, op, xs, ys, gys):
    k, shape = op.params
    return _diag_extract_any(xp, gys[0], k),


def _diag_embed(v, k, shape):
    # the 1-d ChainerX array v on the k-th diagonal of a new array of ``shape``
    out = _diag_embed_raw(v._device.xp, v._data, k, shape)
    return _unary_output(v, out, _diag_embed_bw, (k, shape))


def _diag_embed_any(xp, g, k, shape):
    if _core.is_chainerx(xp):
        return _diag_embed(g, k, shape)
    return _diag_embed_raw(xp, g, k, shape)


def _diag_extract_any(xp, g, k):
    if _core.is_chainerx(xp):
        return diag(g, k)
    return g.diagonal(k)


def _diag_embed_raw(xp, v, k, shape):
    out = xp.zeros(shape, v.dtype)
    rows, cols = _diag_indices(shape, k)
    out[rows, cols] = v
    return out


def diag(v, k=0, device=None):
    """The ``k``-th diagonal of a 2-d array, or a 2-d array with ``v`` (1-d) on it."""
    _core.check_array(v, 'v')
    if device is not None and _device.get_device(device) is not v._device:
        v = _basic.to_device(v, device)
    data = v._data
    if data.ndim == 1:
        n = data.shape[0] + abs(k)
        return _diag_embed(v, k, (n, n))
    if data.ndim == 2:
        return _unary_output(v, data.diagonal(k), _diag_extract_bw, (k, data.shape))
    raise _errors.DimensionError('diag requires a 1-d or 2-d array, not {}-d'.format(data.ndim))


def diagflat(v, k=0, device=None):
    """A 2-d array with the flattened ``v`` on the ``k``-th diagonal."""
    _core.check_array(v, 'v')
    return diag(manipulation.reshape(v, (-1,)), k, device)


def meshgrid(*arrays, indexing='xy'):
    """Coordinate matrices from coordinate vectors (``indexing`` is ``'xy'`` or ``'ij'``)."""
    if len(arrays) == 1 and isinstance(arrays[0], (list, tuple)):
        arrays = tuple(arrays[0])
    if indexing not in ('xy', 'ij'):
        raise ValueError('Valid values for `indexing` are \'xy\' and \'ij\'.')
    for a in arrays:
        _core.check_array(a, 'arrays')
    n = len(arrays)
    if n == 0:
        return []
    flat = [manipulation.reshape(a, (-1,)) for a in arrays]
    lengths = [f.shape[0] for f in flat]
    if indexing == 'xy' and n >= 2:
        lengths[0], lengths[1] = lengths[1], lengths[0]
    outs = []
    for i, f in enumerate(flat):
        shape = [1] * n
        pos = i
        if indexing == 'xy' and n >= 2 and i < 2:
            pos = 1 - i
        shape[pos] = f.shape[0]
        grid = manipulation.broadcast_to(manipulation.reshape(f, tuple(shape)), tuple(lengths))
        outs.append(_basic.copy(grid))
    return outs


# --------------------------------------------------------------------------------------------
# from buffers, files and iterables (through NumPy)

def frombuffer(buffer, dtype=float, count=-1, offset=0, device=None):
    """An array interpreting a buffer as 1-d data (see :func:`numpy.frombuffer`)."""
    data = numpy.frombuffer(buffer, _dtypes.normalize(dtype), count, offset)
    return _from_raw(data, None, False, _resolve_device(device))


def _numpy_to_device(data, device):
    return array(data, device=device)


def fromfile(file, dtype=float, count=-1, sep='', device=None):
    """An array read from a text or binary file (see :func:`numpy.fromfile`)."""
    return _numpy_to_device(numpy.fromfile(file, _dtypes.normalize(dtype), count, sep),
                            device)


def fromfunction(function, shape, **kwargs):
    """An array built by calling ``function`` on index grids (see :func:`numpy.fromfunction`).

    Keyword arguments ``dtype`` (default ``float``) and ``device`` are taken; the others go to
    ``function``.
    """
    dtype = kwargs.pop('dtype', float)
    device = kwargs.pop('device', None)
    return _numpy_to_device(numpy.fromfunction(function, shape, dtype=dtype, **kwargs), device)


def fromiter(iterable, dtype, count=-1, device=None):
    """A 1-d array from an iterable (see :func:`numpy.fromiter`)."""
    return _numpy_to_device(numpy.fromiter(iterable, _dtypes.normalize(dtype), count), device)


def fromstring(string, dtype=float, count=-1, sep='', device=None):
    """A 1-d array from text data with a separator (see :func:`numpy.fromstring`)."""
    if not sep:
        raise ValueError('fromstring requires a separator; use frombuffer for binary data')
    return _numpy_to_device(numpy.fromstring(string, _dtypes.normalize(dtype), count, sep=sep),
                            device)


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding='bytes', device=None):
    """An array loaded from a text file (see :func:`numpy.loadtxt`)."""
    data = numpy.loadtxt(fname, _dtypes.normalize(dtype), comments, delimiter, converters,
                         skiprows, usecols, unpack, ndmin, encoding)
    if unpack:
        return [_numpy_to_device(d, device) for d in data]
    return _numpy_to_device(data, device)

