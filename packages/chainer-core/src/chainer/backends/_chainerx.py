"""The ChainerX backend (``chainer.backends._chainerx``).

ChainerX is not available in this build (``chainerx.is_available()`` is ``False``): converting
arrays to ChainerX raises :class:`RuntimeError`, and converting from ChainerX returns non-ChainerX
arrays as they are.
"""
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
    _check_chainerx_available()
    if device is None:
        return chainerx.array(array, copy=False)
    return chainerx.array(array, device=device, copy=False)


def _array_from_chainerx(array):
    _check_chainerx_available()
    if array.device.backend.name == 'cuda':
        return cuda.cupy.asarray(array)
    return chainerx.to_numpy(array, copy=False)
