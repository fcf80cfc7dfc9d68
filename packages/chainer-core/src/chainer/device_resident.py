"""Objects that live on a device and move between devices (``chainer.DeviceResident``)."""
import numpy

import chainer
from chainer import backend
from chainer.backends import _cpu
from chainer.backends import cuda
from chainer.backends import intel64
import chainerx

_TO_METHODS = ('to_cpu', 'to_gpu', 'to_intel64')


def _is_cupy(xp):
    return getattr(xp, '__name__', None) == 'cupy'


class DeviceResident:
    """A base class of objects with multi-device hierarchy.

    A device resident (e.g. :class:`~chainer.Link`) is moved between devices by
    :meth:`to_device` (or the legacy :meth:`to_cpu`, :meth:`to_gpu`, :meth:`to_intel64`,
    :meth:`to_chx`, :meth:`from_chx`).  The transfer walks the hierarchy with a
    :class:`DeviceResidentsVisitor`: subclasses override :meth:`device_resident_accept` to let
    the visitor reach their arrays, variables and child device residents.
    """

    _device = _cpu.CpuDevice()

    def __init__(self):
        # Names of the legacy to_* methods overridden by the subclass; they are called during
        # a transfer of an enclosing hierarchy (backward compatibility).
        self._overridden_to_methods = tuple(
            m for m in _TO_METHODS if _is_to_device_method_overridden(self, m))

    def device_resident_accept(self, visitor):
        """Applies the visitor to all the device objects in this instance.

        Args:
            visitor (DeviceResidentsVisitor): Visitor.

        This method should be overridden if the concrete class has custom sub-hierarchy of
        devices resident objects.
        """
        visitor.visit_device_resident(self)

    @property
    def device(self):
        """:class:`~chainer.backend.Device` instance."""
        return self._device

    @property
    def xp(self):
        """Array module corresponding to the device.

        Depending on the device in which this object resides, this property returns
        :mod:`numpy`, :mod:`cupy` or :mod:`chainerx`.
        """
        return self._device.xp

    def to_cpu(self):
        """Copies parameter variables and persistent values to CPU.

        This method does not handle non-registered attributes.  If some of such attributes
        must be copied to CPU, the link implementation should override
        :meth:`device_resident_accept` to do so.

        Returns: self
        """
        visitor = _ToDeviceVisitor(
            backend.CpuDevice(),
            entry_method_info=('to_cpu', {}),
            skip_between_cupy_devices=True,
            starting_device_resident=self)
        self.device_resident_accept(visitor)
        return self

    def to_gpu(self, device=None):
        """Copies parameter variables and persistent values to GPU.

        This method does not handle non-registered attributes.  If some of such attributes
        must be copies to GPU, the link implementation must override
        :meth:`device_resident_accept` to do so.

        .. warning::

            This method does not transfer the parameters if they are already on GPU.  Use
            ``to_device`` to perform inter-GPU transfer.

        Args:
            device: Target device specifier.  If omitted, the current device is used.

        Returns: self
        """
        cuda.check_cuda_available()
        cuda_device = cuda._get_device_or_current(device)
        device = cuda.GpuDevice(cuda_device)
        visitor = _ToDeviceVisitor(
            device,
            entry_method_info=('to_gpu', {'device': device.device}),
            skip_between_cupy_devices=True,
            starting_device_resident=self)
        self.device_resident_accept(visitor)
        return self

    def to_intel64(self):
        """Copies parameter variables and persistent values to CPU (for iDeep).

        Returns: self
        """
        intel64.check_ideep_available()
        visitor = _ToDeviceVisitor(
            chainer.get_device(intel64.Intel64Device()),
            entry_method_info=('to_intel64', {}),
            starting_device_resident=self)
        self.device_resident_accept(visitor)
        return self

    def to_chx(self):
        """Converts parameter variables and persistent values to ChainerX without any copy.

        This method does not handle non-registered attributes.  If some of such attributes
        must be copies to ChainerX, the link implementation must override this method to do
        so.

        Returns: self
        """
        if not chainerx.is_available():
            raise RuntimeError('ChainerX is not available.')
        if self.xp is chainerx:
            return self
        self.device_resident_accept(_ToChxVisitor())
        return self

    def from_chx(self):
        """Converts parameter variables and persistent values from ChainerX to NumPy/CuPy
        devices without any copy.

        Returns: self
        """
        if isinstance(self._device, backend.ChainerxDevice):
            self.device_resident_accept(_FromChxVisitor())
        return self

    def to_device(self, device):
        """Copies parameter variables and persistent values to the specified device.

        This method does not handle non-registered attributes.  If some of such attributes
        must be copies to the device, the link implementation must override
        :meth:`device_resident_accept` to do so.

        Args:
            device: Target device specifier.  See :func:`~chainer.get_device` for available
                values.

        Returns: self
        """
        device = chainer.get_device(device)
        self.device_resident_accept(_ToDeviceVisitor(device))
        return self


def _is_to_device_method_overridden(device_resident, method_name):
    # Returns whether the specified to_device family method is overridden.
    to_method = getattr(type(device_resident), method_name, None)
    return to_method is not getattr(DeviceResident, method_name)


class DeviceResidentsVisitor:
    """Base class of visitors that visits device resident objects recursively.

    .. seealso:: :class:`chainer.DeviceResident`
    """

    def visit_device_resident(self, device_resident):
        """Processes a :class:`~chainer.DeviceResident` instance."""
        raise NotImplementedError()

    def visit_array(self, arr):
        """Processes an array and returns a new one.

        If the visitor does not create a new array, it can simply return the original array.
        """
        raise NotImplementedError()

    def visit_variable(self, param):
        """Processes a :class:`~chainer.Variable` or a :class:`~chainer.Parameter`."""
        raise NotImplementedError()


class _ToDeviceVisitor(DeviceResidentsVisitor):
    # A visitor that implements recursive to_device().
    # For backward compatibility, if any of to_cpu/to_gpu/to_intel64 are overridden on a
    # device resident, this visitor calls it instead of `visit_device_resident`.

    def __init__(self, device, entry_method_info=None, skip_between_cupy_devices=False,
                 starting_device_resident=None):
        assert isinstance(device, chainer.backend.Device)

        # `entry_method_info` is for backward compatibility workaround for overridden
        # methods: the to_* method that started the transfer and its arguments.
        if entry_method_info is not None:
            assert len(entry_method_info) == 2
            assert entry_method_info[0] in _TO_METHODS

        # A device resident that is an entry point of the transfer; the visitor does not call
        # its overridden method (it is the one that is running).
        self._device = device
        self._entry_method_info = entry_method_info
        self._skip_between_cupy_devices = skip_between_cupy_devices
        self._starting_device_resident = starting_device_resident

    def visit_device_resident(self, device_resident):
        device_resident._device = self._device

        # Backward compatibility
        if device_resident is self._starting_device_resident:
            return
        overridden = getattr(device_resident, '_overridden_to_methods', ())
        if not overridden:
            return
        if self._entry_method_info is not None:
            # Deprecated method is being called: e.g. to_cpu and to_gpu.
            method_name, kwargs = self._entry_method_info
        else:
            # to_device is being called
            method_name, kwargs = self._device_to_method_name_and_kwargs(self._device)
        if method_name in overridden:
            getattr(device_resident, method_name)(**kwargs)

    def _device_to_method_name_and_kwargs(self, device):
        # Converts a device instance to the corresponding combination of to_* method name
        # and kwargs.
        if isinstance(device, intel64.Intel64Device):
            return 'to_intel64', {}
        if device.xp is numpy:
            return 'to_cpu', {}
        if _is_cupy(device.xp):
            return 'to_gpu', {'device': device.device.id}
        return None, {}

    def _skip(self, is_cupy_array):
        return (self._skip_between_cupy_devices and _is_cupy(self._device.xp)
                and is_cupy_array)

    def visit_array(self, arr):
        if self._skip(_is_cupy(backend.get_array_module(arr))):
            return arr
        return self._device.send(arr)

    def visit_variable(self, param):
        assert isinstance(param, chainer.Variable)
        if self._skip(_is_cupy(param.device.xp)):
            return
        param.to_device(self._device)


class _ToChxVisitor(DeviceResidentsVisitor):
    # A visitor that recursively calls to_chx().

    def visit_device_resident(self, device_resident):
        device_resident._device = backend.ChainerxDevice.from_fallback_device(
            device_resident._device)

    def visit_array(self, arr):
        return backend.to_chx(arr)

    def visit_variable(self, param):
        param.to_chx()


class _FromChxVisitor(DeviceResidentsVisitor):
    # A visitor that recursively calls from_chx().

    def visit_device_resident(self, device_resident):
        if isinstance(device_resident._device, backend.ChainerxDevice):
            device_resident._device = device_resident._device.fallback_device

    def visit_array(self, arr):
        return backend.from_chx(arr)

    def visit_variable(self, param):
        param.from_chx()
