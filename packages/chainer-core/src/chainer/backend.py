"""Array modules and devices (``chainer.backend``).

A device is named by a *device specifier*: ``'@numpy'``, ``'@cupy:N'``, ``'@intel64'``, a
ChainerX device name (``'native:0'``, ``'cuda:0'``), a legacy integer (negative for the CPU,
else a GPU ID) or a device object. :func:`get_device` turns it into a
:class:`~chainer.backend.Device` (:class:`CpuDevice`, :class:`GpuDevice`, :class:`Intel64Device`
or :class:`ChainerxDevice`) whose ``send`` transfers arrays and whose ``xp`` is the array module.

:func:`get_array_module` and :func:`get_device_from_array` are on the hot path of every function
call: they decide per array *type* (cached) and never import CuPy; a CuPy array can only exist
once CuPy has been imported.
"""
import sys

import numpy

import chainerx
from chainer._backend import _convert_arrays  # noqa: F401
from chainer._backend import Device  # noqa: F401
from chainer.backends import _chainerx  # noqa: F401
from chainer.backends import _cpu
from chainer.backends import cuda
from chainer.backends import intel64
from chainer.backends._chainerx import ChainerxDevice
from chainer.backends._chainerx import from_chx  # noqa: F401
from chainer.backends._chainerx import to_chx  # noqa: F401
from chainer.backends._cpu import CpuDevice
from chainer.backends.cuda import GpuDevice
from chainer.backends.intel64 import Intel64Device

_ndarray = numpy.ndarray


class _Unwrap:
    """Marks Variable types in the per-type cache: look at the wrapped array instead."""

    __name__ = 'unwrap'


_UNWRAP = _Unwrap()

# type -> numpy, cupy, chainerx or _UNWRAP. A type is cached only once it can be decided for
# good: CuPy (ChainerX) array types cannot exist before CuPy (ChainerX) is imported.
_xp_by_type = {_ndarray: numpy}


def _xp_of_type(t):
    xp = numpy
    variable = sys.modules.get('chainer.variable')
    if variable is not None and issubclass(t, variable.Variable):
        xp = _UNWRAP
    elif 'cupy' in sys.modules:
        cupy = cuda._cupy_if_imported()
        if cupy is not None and (issubclass(t, cupy.ndarray)
                                 or t.__module__.startswith('cupyx.scipy.sparse')):
            xp = cupy
    if xp is numpy and chainerx.is_available() and issubclass(t, chainerx.ndarray):
        xp = chainerx
    _xp_by_type[t] = xp
    return xp


def get_array_module(*args):
    """Returns the array module (:mod:`numpy`, :mod:`cupy` or :mod:`chainerx`) for the arguments.

    Variables are looked through (their data array decides). Anything that is not a CuPy or
    ChainerX array (NumPy arrays, scalars, ``None``, ...) means NumPy.

    Args:
        args: Values to determine whether NumPy, CuPy, or ChainerX should be used.

    Returns:
        module: :mod:`numpy`, :mod:`cupy`, or :mod:`chainerx`.

    .. admonition:: Example

        >>> x = np.array([1, 2], np.float32)
        >>> xp = chainer.backend.get_array_module(x)  # numpy here; cupy for a CuPy array
        >>> xp is np
        True
        >>> chainer.backend.get_array_module(chainer.Variable(x)) is np
        True
        >>> xp.square(x)  # code written against xp runs on the CPU and the GPU
        array([1., 4.], dtype=float32)
    """
    for x in args:
        t = type(x)
        if t is _ndarray or x is None:
            continue
        xp = _xp_by_type.get(t)
        if xp is None:
            xp = _xp_of_type(t)
        if xp is _UNWRAP:
            t = type(x._array)
            if t is _ndarray:
                continue
            xp = _xp_by_type.get(t)
            if xp is None:
                xp = _xp_of_type(t)
        if xp is not numpy and xp is not _UNWRAP:
            return xp
    return numpy


_gpu_devices = {}


def get_device_from_array(*arrays):
    """Returns the :class:`~chainer.backend.Device` holding the given arrays.

    NumPy arrays (and any non-array value) give a :class:`CpuDevice`, CuPy arrays the
    :class:`GpuDevice` of their GPU. A Variable gives the device of its data array. Of
    several arrays, the first one that is not on the CPU decides (as v7).

    .. admonition:: Example

        >>> chainer.backend.get_device_from_array(np.zeros(2))
        <CpuDevice (numpy)>
    """
    if len(arrays) == 1:
        return _device_from_array(arrays[0])
    for array in arrays:
        device = _device_from_array(array)
        if type(device) is not CpuDevice:
            return device
    return CpuDevice()


def _device_from_array(array):
    t = type(array)
    if t is _ndarray:
        return CpuDevice()
    xp = _xp_by_type.get(t)
    if xp is None:
        xp = _xp_of_type(t)
    if xp is numpy:
        return CpuDevice()
    if xp is _UNWRAP:
        return _device_from_array(array._array)
    if xp is chainerx:
        return ChainerxDevice(array.device)
    device_id = array.device.id
    device = _gpu_devices.get(device_id)
    if device is None:
        device = _gpu_devices[device_id] = GpuDevice.from_device_id(device_id)
    return device


def get_device(device_spec):
    """Returns a device object from a device specifier.

    Args:
        device_spec (object): A :class:`~chainer.backend.Device` (returned as is), or one of

            * ``'@numpy'``: NumPy (:class:`CpuDevice`);
            * ``'@cupy:N'``, a ``cupy.cuda.Device``: CuPy on GPU ``N`` (:class:`GpuDevice`);
            * ``'@intel64'``: NumPy with iDeep (:class:`Intel64Device`);
            * ``'@chainerx'``: the default ChainerX device (:class:`ChainerxDevice`);
            * a string without ``@`` (``'native:0'``, ``'cuda:0'``) or a ``chainerx.Device``:
              ChainerX (:class:`ChainerxDevice`; needs ChainerX);
            * an integer (or integer string): a GPU ID when non-negative, the CPU when negative
              (legacy).

    Raises:
        ValueError: For a malformed ``'@...'`` specifier.
        RuntimeError: When the backend of the specifier (CuPy, ChainerX) is not available.
        TypeError: For any other kind of object.

    .. admonition:: Example

        >>> device = chainer.get_device('@numpy')
        >>> device
        <CpuDevice (numpy)>
        >>> device.xp is np
        True
        >>> chainer.get_device(-1) == device  # the legacy ID of the CPU
        True
        >>> x = device.send(np.array([1, 2], np.float32))  # '@cupy:0' would send it to GPU 0
        >>> x
        array([1., 2.], dtype=float32)
    """
    if isinstance(device_spec, Device):
        return device_spec
    if isinstance(device_spec, cuda._integer_types) and not isinstance(device_spec, bool):
        return _get_device_cupy_or_numpy(device_spec)
    if chainerx.is_available() and isinstance(device_spec, chainerx.Device):
        return ChainerxDevice(device_spec)
    cupy = cuda._cupy_if_imported()
    if cupy is not None and isinstance(device_spec, cupy.cuda.Device):
        return GpuDevice(device_spec)
    if isinstance(device_spec, str):
        try:
            int_spec = int(device_spec)
        except ValueError:
            pass
        else:
            return _get_device_cupy_or_numpy(int_spec)
        if device_spec.startswith('@'):
            mod_name, colon, precise_spec = device_spec[1:].partition(':')
            if mod_name == 'numpy':
                if not colon:
                    return CpuDevice()
            elif mod_name == 'cupy':
                if colon:
                    try:
                        device_id = int(precise_spec)
                    except ValueError:
                        device_id = None
                    if device_id is not None:
                        return GpuDevice.from_device_id(device_id)
            elif mod_name == 'intel64':
                if not colon:
                    return Intel64Device()
            elif mod_name == 'chainerx':
                if not colon:
                    return ChainerxDevice(chainerx.get_default_device())
            raise ValueError(
                'Device specifiers starting with \'@\' must be followed by a module name and, '
                'depending on the module, module specific precise specifiers. '
                'Actual: {}'.format(device_spec))
        if not chainerx.is_available():
            raise RuntimeError(
                'Tried to parse ChainerX device specifier \'{}\', but ChainerX is not '
                'available. Note that device specifiers without \'@\' prefix are assumed to '
                'be ChainerX device specifiers (use \'@numpy\' or \'@cupy:N\' for NumPy and '
                'CuPy).'.format(device_spec))
        return ChainerxDevice(chainerx.get_device(device_spec))
    raise TypeError(
        'Device specifier must be a backend.Device, cuda.Device, chainerx.Device, integer or '
        'a string. Actual: {}'.format(type(device_spec)))


def _get_device_cupy_or_numpy(device_spec):
    # Legacy integer specifier: a GPU ID, or the CPU when negative.
    if device_spec >= 0:
        return GpuDevice.from_device_id(device_spec)
    return CpuDevice()


def _guess_device_from_array_module(xp):
    """Returns a plausible device for an array module (the current GPU for CuPy)."""
    if xp is numpy:
        return CpuDevice()
    if getattr(xp, '__name__', None) == 'cupy':
        return GpuDevice(cuda.Device())
    if xp is chainerx and chainerx.is_available():
        return ChainerxDevice(chainerx.get_default_device())
    return CpuDevice()


def using_device(device_spec):
    """Context manager that makes the device of ``device_spec`` current in its block.

    Args:
        device_spec: Device specifier (see :func:`get_device`).

    .. admonition:: Example

        >>> with chainer.using_device('@numpy'):  # '@cupy:1' would make GPU 1 the current device
        ...     x = np.zeros(2, np.float32)
        >>> x
        array([0., 0.], dtype=float32)
    """
    return get_device(device_spec).create_context()


def copyto(dst, src):
    """Copies the elements of the array ``src`` into the array ``dst``, across devices.

    Args:
        dst: Destination array (NumPy, CuPy, iDeep or ChainerX).
        src: Source array (on any device).

    .. admonition:: Example

        >>> dst = np.zeros(3, np.float32)
        >>> chainer.backend.copyto(dst, np.array([1, 2, 3], np.float32))  # across devices as well
        >>> dst
        array([1., 2., 3.], dtype=float32)
    """
    if isinstance(dst, _ndarray):
        if isinstance(src, (list, tuple)):  # a sequence of arrays or scalars (as v7)
            src = [_cpu._array_to_cpu(x) for x in src]
        else:
            src = _cpu._array_to_cpu(src)
        numpy.copyto(dst, src)
        return
    if isinstance(dst, intel64.mdarray):  # pragma: no cover (no iDeep)
        intel64.ideep.basic_copyto(dst, _cpu._array_to_cpu(src))
        return
    if isinstance(dst, chainerx.ndarray):
        # through a view that is not in the graph (in-place writes to graph arrays are refused)
        dst.as_grad_stopped()[...] = _chainerx._array_to_chainerx(src, dst.device)
        return
    cupy = cuda._cupy_if_imported()
    if cupy is not None and isinstance(dst, cupy.ndarray):
        if isinstance(src, (numpy.ndarray, numpy.generic)):
            src = numpy.asarray(src)
            if dst.flags.c_contiguous or dst.flags.f_contiguous:
                dst.set(src)
            else:
                cupy.copyto(dst, cuda.to_gpu(src, device=dst.device))
        elif isinstance(src, cupy.ndarray):
            cupy.copyto(dst, src)
        else:
            src = _cpu._array_to_cpu(src)
            cupy.copyto(dst, cuda.to_gpu(src, device=dst.device))
        return
    raise TypeError('cannot copy to non-array object of type {}'.format(type(dst)))
