"""``DeviceResident``: objects (such as links) whose arrays live on a device and can move.

A transfer walks the object hierarchy with a :class:`DeviceResidentsVisitor`: every device
resident reports its arrays, variables and child residents to the visitor through
:meth:`DeviceResident.device_resident_accept`.
"""
import numpy

import chainer
from chainer import backend
from chainer.backends import _cpu
from chainer.backends import cuda
from chainer.backends import intel64
import chainerx

_LEGACY_METHODS = ('to_cpu', 'to_gpu', 'to_intel64')


def _is_cupy(xp):
    return getattr(xp, '__name__', None) == 'cupy'


def _overridden_legacy_methods(obj):
    # The legacy to_* methods that the class of ``obj`` redefines.
    cls = type(obj)
    return tuple(name for name in _LEGACY_METHODS
                 if getattr(cls, name, None) is not getattr(DeviceResident, name))


class DeviceResident:
    """Base class of objects that hold arrays on a device, possibly in a hierarchy.

    :meth:`to_device` (and the older :meth:`to_cpu`, :meth:`to_gpu`, :meth:`to_intel64`,
    :meth:`to_chx`, :meth:`from_chx`) moves everything the object exposes to the visitor in
    :meth:`device_resident_accept`; subclasses with their own arrays or sub-objects extend
    that method.  Classes that still override one of the legacy ``to_*`` methods get it
    called when an enclosing hierarchy is transferred (backward compatibility).
    """

    _device = _cpu.CpuDevice()

    def __init__(self):
        self._overridden_to_methods = _overridden_legacy_methods(self)

    def device_resident_accept(self, visitor):
        """Lets ``visitor`` (a :class:`DeviceResidentsVisitor`) process this object.

        The base implementation only visits the object itself; override it to also pass the
        visitor the arrays, variables and child residents held by the object.
        """
        visitor.visit_device_resident(self)

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` the object lives on."""
        return self._device

    @property
    def xp(self):
        """Array module of :attr:`device` (:mod:`numpy`, :mod:`cupy` or :mod:`chainerx`)."""
        return self._device.xp

    def _transfer(self, visitor):
        self.device_resident_accept(visitor)
        return self

    def to_cpu(self):
        """Moves the object to the CPU (NumPy) and returns it.

        Only what :meth:`device_resident_accept` exposes is moved.
        """
        return self._transfer(_ToDeviceVisitor(
            backend.CpuDevice(), entry_method_info=('to_cpu', {}),
            skip_between_cupy_devices=True, starting_device_resident=self))

    def to_gpu(self, device=None):
        """Moves the object to a GPU (CuPy) and returns it.

        Arrays that already are on some GPU stay where they are; use :meth:`to_device` to move
        between GPUs.

        Args:
            device: GPU specifier (ID or ``cupy.cuda.Device``); the current GPU if omitted.
        """
        cuda.check_cuda_available()
        target = cuda.GpuDevice(cuda._get_device_or_current(device))
        return self._transfer(_ToDeviceVisitor(
            target, entry_method_info=('to_gpu', {'device': target.device}),
            skip_between_cupy_devices=True, starting_device_resident=self))

    def to_intel64(self):
        """Moves the object to the iDeep device and returns it (needs iDeep)."""
        intel64.check_ideep_available()
        return self._transfer(_ToDeviceVisitor(
            chainer.get_device(intel64.Intel64Device()),
            entry_method_info=('to_intel64', {}), starting_device_resident=self))

    def to_chx(self):
        """Converts the arrays to ChainerX ones sharing memory, and returns the object."""
        if not chainerx.is_available():
            raise RuntimeError('ChainerX is not available.')
        if self.xp is not chainerx:
            self.device_resident_accept(_ToChxVisitor())
        return self

    def from_chx(self):
        """Converts ChainerX arrays back to NumPy/CuPy ones sharing memory; returns the object.
        """
        if isinstance(self._device, backend.ChainerxDevice):
            self.device_resident_accept(_FromChxVisitor())
        return self

    def to_device(self, device):
        """Moves the object to ``device`` (any specifier accepted by
        :func:`chainer.get_device`) and returns it."""
        return self._transfer(_ToDeviceVisitor(chainer.get_device(device)))


class DeviceResidentsVisitor:
    """Base class of visitors of device resident hierarchies (see :class:`DeviceResident`)."""

    def visit_device_resident(self, device_resident):
        """Processes a :class:`DeviceResident`."""
        raise NotImplementedError()

    def visit_array(self, arr):
        """Processes an array and returns the array to keep (possibly the same one)."""
        raise NotImplementedError()

    def visit_variable(self, param):
        """Processes a :class:`~chainer.Variable` (or :class:`~chainer.Parameter`) in place."""
        raise NotImplementedError()


class _ToDeviceVisitor(DeviceResidentsVisitor):
    # Sends arrays and variables to ``device`` and records it on every visited resident.
    #
    # ``entry_method_info`` is ``(name, kwargs)`` of the legacy method that started the
    # transfer, if any; it is replayed on residents overriding that method (except on the
    # resident the transfer started from, whose override is what is running).  With
    # ``skip_between_cupy_devices`` arrays already on a GPU are left alone (to_gpu semantics).

    def __init__(self, device, entry_method_info=None, skip_between_cupy_devices=False,
                 starting_device_resident=None):
        assert isinstance(device, chainer.backend.Device)
        if entry_method_info is not None:
            assert len(entry_method_info) == 2
            assert entry_method_info[0] in _LEGACY_METHODS
        self._device = device
        self._entry_method_info = entry_method_info
        self._skip_between_cupy_devices = skip_between_cupy_devices
        self._starting_device_resident = starting_device_resident

    def visit_device_resident(self, device_resident):
        device_resident._device = self._device
        if device_resident is self._starting_device_resident:
            return
        overridden = getattr(device_resident, '_overridden_to_methods', ())
        if not overridden:
            return
        if self._entry_method_info is None:
            name, kwargs = self._legacy_call_for(self._device)
        else:
            name, kwargs = self._entry_method_info
        if name in overridden:
            getattr(device_resident, name)(**kwargs)

    @staticmethod
    def _legacy_call_for(device):
        # The legacy method (and arguments) equivalent to a transfer to ``device``.
        if isinstance(device, intel64.Intel64Device):
            return 'to_intel64', {}
        if device.xp is numpy:
            return 'to_cpu', {}
        if _is_cupy(device.xp):
            return 'to_gpu', {'device': device.device.id}
        return None, {}

    def _keep_in_place(self, xp):
        return (self._skip_between_cupy_devices and _is_cupy(xp)
                and _is_cupy(self._device.xp))

    def visit_array(self, arr):
        if self._keep_in_place(backend.get_array_module(arr)):
            return arr
        return self._device.send(arr)

    def visit_variable(self, param):
        assert isinstance(param, chainer.Variable)
        if not self._keep_in_place(param.device.xp):
            param.to_device(self._device)


class _ToChxVisitor(DeviceResidentsVisitor):
    # Converts to ChainerX without copying.

    def visit_device_resident(self, device_resident):
        device_resident._device = backend.ChainerxDevice.from_fallback_device(
            device_resident._device)

    def visit_array(self, arr):
        return backend.to_chx(arr)

    def visit_variable(self, param):
        param.to_chx()


class _FromChxVisitor(DeviceResidentsVisitor):
    # Converts from ChainerX without copying.

    def visit_device_resident(self, device_resident):
        current = device_resident._device
        if isinstance(current, backend.ChainerxDevice):
            device_resident._device = current.fallback_device

    def visit_array(self, arr):
        return backend.from_chx(arr)

    def visit_variable(self, param):
        param.from_chx()
