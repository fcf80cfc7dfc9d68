"""Views, copies, casts and device transfers (all differentiable)."""
import numpy

from chainerx import _device
from chainerx import _dtypes
from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap
_unary_output = _core.unary_output
_identity_bw = _core.identity_bw


def view(a):
    """A view of ``a`` sharing its buffer, connected to the graph (identity backward)."""
    return _unary_output(a, a._data.view(), _identity_bw)


def copy(a):
    """A C-contiguous copy of ``a`` on the same device (differentiable)."""
    _core.check_array(a, 'a')
    with a._device._use():
        data = a._device.xp.array(a._data, order='C', copy=True)
    return _unary_output(a, data, _identity_bw)


def _astype_bw(xp, op, xs, ys, gys):
    return gys[0].astype(op.params),


def astype(a, dtype, copy=True):
    """Casts ``a`` to ``dtype``; with ``copy=False`` the array itself is returned if possible.

    The cast is differentiable between floating point dtypes.
    """
    dtype = _dtypes.normalize(dtype)
    data = a._data
    if not copy and data.dtype == dtype:
        return a
    y = _wrap(data.astype(dtype, copy=True), a._device)
    if a._nodes is not None and dtype.kind == 'f' and data.dtype.kind == 'f':
        _graph.record_unary(a, y, _astype_bw, data.dtype, False, False)
    return y


def _to_device_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    src = op.params
    if _core.is_chainerx(xp):
        return gy.to_device(src),
    return _transfer_raw(gy, op.device, src),


def _transfer_raw(data, src, dst):
    if src._is_native and dst._is_native:
        return data.copy()
    if dst._is_native:
        return data.get()
    with dst._use():
        return dst.xp.asarray(data) if src._is_native else dst.xp.array(data, copy=True)


def to_device(a, device, index=None):
    """Transfers ``a`` to ``device``: a view when already there, else a copy (differentiable).

    Args:
        device: A :class:`~chainerx.Device`, a device name, or a backend name with ``index``.
        index (int): The device index when ``device`` is a backend name.
    """
    dst = _device.get_device(device) if index is None else _device.get_device(device, index)
    src = a._device
    if dst is src:
        return view(a)
    if dst.context is not src.context:
        raise _errors.ContextError('Cannot transfer an array to a device of another context')
    y = _wrap(_transfer_raw(a._data, src, dst), dst)
    if a._nodes is not None and a._data.dtype.kind == 'f':
        _graph.record_unary(a, y, _to_device_bw, src, False, False)
    return y


def to_numpy(array, copy=True):
    """Returns a NumPy array with the contents of ``array`` (a view when ``copy`` is False on a
    native device)."""
    _core.check_array(array, 'array')
    data = array._data
    if array._device._is_native:
        return data.copy() if copy else data
    return data.get()


def _to_cupy(array):
    """Returns a CuPy array sharing the memory of a ChainerX array on a ``cuda`` device."""
    _core.check_array(array, 'array')
    if array._device._is_native:
        raise _errors.DeviceError('_to_cupy requires an array on a cuda device, not {}'.format(
            array._device.name))
    return array._data


def fill(a, value):
    """Fills ``a`` in place with a scalar value."""
    _core.check_no_unsafe_inplace(a, 'fill')
    if isinstance(value, ndarray):
        value = value._data
    elif not _core.is_scalar(value):
        raise TypeError('fill value must be a scalar, not {}'.format(type(value)))
    a._data.fill(numpy.asarray(value).astype(a._data.dtype, casting='unsafe').item())
