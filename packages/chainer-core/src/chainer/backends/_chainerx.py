"""The ChainerX backend (``chainer.backends._chainerx``).

:class:`ChainerxDevice` wraps a ``chainerx.Device``; :func:`to_chx` / :func:`from_chx` convert
between ChainerX arrays and NumPy/CuPy arrays on the same physical device without copying
(``native`` devices share host memory with NumPy, ``cuda`` devices share GPU memory with CuPy).
"""
import numpy

import chainerx
from chainer import _backend
from chainer.backends import _cpu
from chainer.backends import cuda


def _check_chainerx_available():
    if not chainerx.is_available():
        raise RuntimeError('ChainerX is not available.')


class ChainerxDevice(_backend.Device):
    """Device for the ChainerX backend (device specifiers such as ``'native:0'``, ``'cuda:0'``).

    Args:
        device (chainerx.Device): The ChainerX device.
    """

    __hash__ = _backend.Device.__hash__

    def __init__(self, device):
        _check_chainerx_available()
        self.device = device

    @property
    def xp(self):
        """The :mod:`chainerx` module."""
        return chainerx

    @property
    def supported_array_types(self):
        """``(chainerx.ndarray,)``."""
        return (chainerx.ndarray,)

    @staticmethod
    def from_array(array):
        """Returns the :class:`ChainerxDevice` of a ChainerX array, else ``None``."""
        if chainerx.is_available() and isinstance(array, chainerx.ndarray):
            return ChainerxDevice(array.device)
        return None

    @staticmethod
    def from_fallback_device(device):
        """Returns the :class:`ChainerxDevice` sharing the physical device of a CPU/GPU device."""
        _check_chainerx_available()
        if isinstance(device, _cpu.CpuDevice):
            return ChainerxDevice(chainerx.get_device('native', 0))
        if isinstance(device, cuda.GpuDevice):
            return ChainerxDevice(chainerx.get_device('cuda', device.device.id))
        raise RuntimeError('Only CPU or GPU devices are allowed. Actual: {}'.format(device))

    @property
    def name(self):
        """The ChainerX device name (e.g. ``'native:0'``)."""
        return self.device.name

    @property
    def fallback_device(self):
        """The CPU or GPU device sharing the physical device of this ChainerX device."""
        backend_name = self.device.backend.name
        if backend_name == 'native':
            return _cpu.CpuDevice()
        if backend_name == 'cuda':
            return cuda.GpuDevice.from_device_id(self.device.index)
        raise RuntimeError('Only \'native\' or \'cuda\' devices have corresponding fallback '
                           'devices. Actual: {}'.format(backend_name))

    def __eq__(self, other):
        return isinstance(other, ChainerxDevice) and other.device == self.device

    def __repr__(self):
        return '<{} {}>'.format(self.__class__.__name__, self.device.name)

    def create_context(self):
        """Returns a context in which this ChainerX device is the default one."""
        return chainerx.using_device(self.device)

    def send_array(self, array):
        """Converts ``array`` to a ChainerX array on this device."""
        if isinstance(array, chainerx.ndarray):
            if array.device is self.device:
                return array
            return array.to_device(self.device)
        return _array_to_chainerx(array, self.device)

    def use(self):
        """Makes this device the default ChainerX device."""
        chainerx.set_default_device(self.device)


def to_chx(array):
    """Converts an array or arrays to ChainerX (requires ChainerX).

    Destination devices are chosen from the input arrays (NumPy -> ``native:0``, CuPy ->
    ``cuda:N``).
    """
    return _backend._convert_arrays(array, _array_to_chx)


def from_chx(array):
    """Converts an array or arrays from ChainerX to NumPy or CuPy ones (others are kept)."""
    return _backend._convert_arrays(array, _array_from_chx)


def _array_to_chx(array):
    if array is None:
        return None
    _check_chainerx_available()
    if isinstance(array, chainerx.ndarray):
        return array
    return _array_to_chainerx(array, None)


def _array_from_chx(array):
    if not isinstance(array, chainerx.ndarray):
        return array
    return _array_from_chainerx(array)


def _array_to_chainerx(array, device=None):
    """``array`` (NumPy, CuPy, iDeep, ChainerX or a scalar) as a ChainerX array on ``device``
    (chosen from the array when None), sharing memory whenever the physical device is the same.
    """
    _check_chainerx_available()
    if array is None:
        return None
    if isinstance(array, chainerx.ndarray):
        if device is None or array.device is device:
            return array
        return array.to_device(device)
    if numpy.isscalar(array):
        return chainerx.asarray(array, device=device)
    dtype = getattr(array, 'dtype', None)
    if dtype is None:
        raise TypeError('Array cannot be converted into chainerx.ndarray'
                        '\nActual type: {0}.'.format(type(array)))
    if dtype not in chainerx.all_dtypes:
        raise TypeError('Dtype {} is not supported in ChainerX.'.format(dtype.name))
    if isinstance(array, numpy.ndarray):
        return chainerx.array(array, device=device, copy=False)
    cupy = cuda._cupy_if_imported()
    if cupy is not None and isinstance(array, cupy.ndarray):
        if device is None:
            device = chainerx.get_device('cuda', array.device.id)
        return chainerx.array(array, device=device, copy=False)
    return chainerx.array(numpy.asarray(array), device=device, copy=False)


def _array_from_chainerx(array):
    """A NumPy (``native``) or CuPy (``cuda``) view of a ChainerX array."""
    _check_chainerx_available()
    backend_name = array.device.backend.name
    if backend_name == 'cuda':
        return chainerx._to_cupy(array)
    if backend_name == 'native':
        return chainerx.to_numpy(array, copy=False)
    raise ValueError('Only ChainerX arrays with native or cuda backends can be converted to '
                     'non-ChainerX arrays.\nActual: {0}.'.format(backend_name))
