"""Contexts, backends and devices.

A :class:`Context` owns backends (``'native'`` over NumPy, ``'cuda'`` over CuPy, created on first
use) and the backprop ids of its graphs. A :class:`Device` is one device of a backend, named
``'<backend>:<index>'``. Each thread has a default context (the global default one unless a
:func:`context_scope` says otherwise) and a default device (``native:0`` unless set).
"""
import contextlib
import threading

import numpy

from chainerx import _errors


class Backend:
    """A family of devices (``'native'`` or ``'cuda'``) within a context."""

    _device_count = 0

    def __init__(self, context, name):
        self._context = context
        self._name = name
        self._devices = {}
        self._lock = threading.Lock()

    @property
    def context(self):
        """The :class:`Context` owning this backend."""
        return self._context

    @property
    def name(self):
        """The name of the backend (``'native'`` or ``'cuda'``)."""
        return self._name

    def get_device_count(self):
        """The number of devices of this backend."""
        return self._device_count

    def get_device(self, index):
        """Returns the device of the given index."""
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError('device index must be an integer, not {}'.format(type(index)))
        if index < 0:
            raise IndexError(
                'The index number (= {}) is not greater than or equal to 0'.format(index))
        device = self._devices.get(index)
        if device is not None:
            return device
        count = self.get_device_count()
        if index >= count:
            raise IndexError('The index number (= {}) is not less than the device count '
                             '(= {}) of backend \'{}\''.format(index, count, self._name))
        with self._lock:
            device = self._devices.get(index)
            if device is None:
                device = self._devices[index] = Device(self, index)
        return device

    def __repr__(self):
        return '<{} {}>'.format(type(self).__name__, self._name)


class NativeBackend(Backend):
    """The CPU backend: arrays are NumPy arrays in host memory.

    It has several devices (all the same host memory) so that device transfers and device
    mismatches behave as on real accelerators.
    """

    xp = numpy
    _device_count = 4

    def _use(self, index):
        return _null_scope


class CudaBackend(Backend):
    """The CUDA backend: arrays are CuPy arrays (CuPy is imported when the backend is made)."""

    def __init__(self, context, name):
        super().__init__(context, name)
        try:
            import cupy
        except ImportError as e:
            raise _errors.BackendError(
                'Backend not found: \'cuda\' (CuPy is not installed: {})'.format(e)) from e
        try:
            count = cupy.cuda.runtime.getDeviceCount()
        except Exception as e:  # CUDA driver or runtime errors
            raise _errors.BackendError(
                'Backend not found: \'cuda\' (no usable CUDA device: {})'.format(e)) from e
        self.xp = cupy
        self._device_count = count

    def _use(self, index):
        return self.xp.cuda.Device(index)


_null_scope = contextlib.nullcontext()

_BACKEND_CLASSES = {'native': NativeBackend, 'cuda': CudaBackend}


class Device:
    """A device on which arrays are allocated (e.g. ``native:0``, ``cuda:1``)."""

    __slots__ = ('_backend', '_index', '_name', 'xp', '_is_native', '__weakref__')

    def __init__(self, backend, index):
        self._backend = backend
        self._index = index
        self._name = '{}:{}'.format(backend.name, index)
        self.xp = backend.xp
        self._is_native = isinstance(backend, NativeBackend)

    @property
    def backend(self):
        """The :class:`Backend` of this device."""
        return self._backend

    @property
    def context(self):
        """The :class:`Context` of this device."""
        return self._backend.context

    @property
    def index(self):
        """The index of the device within its backend."""
        return self._index

    @property
    def name(self):
        """The name of the device (``'<backend>:<index>'``)."""
        return self._name

    def synchronize(self):
        """Waits until all the work queued on this device is done."""
        if not self._is_native:
            with self._backend._use(self._index):
                self.xp.cuda.Device(self._index).synchronize()

    def _use(self):
        """A context manager making this device current for its array module."""
        return self._backend._use(self._index)

    def __repr__(self):
        return '<Device {}>'.format(self._name)

    def __reduce__(self):
        return _device_by_name, (self._name,)


def _device_by_name(name):
    return get_device(name)


class Context:
    """A set of backends and graphs; arrays of different contexts cannot be mixed."""

    def __init__(self):
        self._backends = {}
        self._lock = threading.Lock()
        self._next_ordinal = 0
        from chainerx import _graph
        self._live_backprop_ids = []
        self._default_backprop_id = _graph.BackpropId(self, '<default>', self._ordinal())
        self._live_backprop_ids.append(self._default_backprop_id)

    def _ordinal(self):
        with self._lock:
            n = self._next_ordinal
            self._next_ordinal += 1
        return n

    def get_backend(self, backend_name):
        """Returns the backend of the given name (created on first use)."""
        backend = self._backends.get(backend_name)
        if backend is not None:
            return backend
        cls = _BACKEND_CLASSES.get(backend_name)
        if cls is None:
            raise _errors.BackendError('Backend not found: \'{}\''.format(backend_name))
        with self._lock:
            backend = self._backends.get(backend_name)
            if backend is None:
                backend = self._backends[backend_name] = cls(self, backend_name)
        return backend

    def get_device(self, device_name, index=None):
        """Returns a device from ``'<backend>:<index>'`` or from a backend name and an index."""
        if index is None:
            if not isinstance(device_name, str):
                raise TypeError('device name must be a str, not {}'.format(type(device_name)))
            backend_name, colon, index_str = device_name.partition(':')
            if not colon:
                index = 0
            else:
                try:
                    index = int(index_str)
                except ValueError:
                    raise _errors.DeviceError(
                        'Invalid device name: \'{}\''.format(device_name)) from None
        else:
            backend_name = device_name
        return self.get_backend(backend_name).get_device(index)

    def make_backprop_id(self, backprop_name):
        """Creates a new graph (backprop id); graphs made later are *inner* to earlier ones."""
        from chainerx import _graph
        bp = _graph.BackpropId(self, backprop_name, self._ordinal())
        with self._lock:
            self._live_backprop_ids.append(bp)
        return bp

    def release_backprop_id(self, backprop_id):
        """Releases a backprop id; it cannot be used afterwards."""
        self._check_valid_backprop_id(backprop_id)
        if backprop_id is self._default_backprop_id:
            raise _errors.ChainerxError('Cannot release the default backprop id.')
        with self._lock:
            self._live_backprop_ids.remove(backprop_id)
        backprop_id._released = True

    def _check_valid_backprop_id(self, backprop_id):
        if backprop_id._context is not self:
            raise _errors.ContextError(
                'Context mismatch between the backprop id {} and the context'.format(
                    backprop_id))
        if backprop_id._released:
            raise _errors.ChainerxError(
                'The backprop id {} has already been released.'.format(backprop_id))

    def _inner_backprop_ids(self, backprop_id):
        ordinal = backprop_id._ordinal
        return [bp for bp in self._live_backprop_ids if bp._ordinal > ordinal]

    def __repr__(self):
        return '<Context at 0x{:x}>'.format(id(self))


class ContextScope:
    """Context manager making a context the thread's default one (see :func:`context_scope`)."""

    def __init__(self, context):
        if not isinstance(context, Context):
            raise TypeError('context must be a chainerx.Context, not {}'.format(type(context)))
        self._context = context
        self._saved = []

    def __enter__(self):
        state = _thread_state
        self._saved.append((state.context, state.device))
        state.context = self._context
        state.device = None

    def __exit__(self, *args):
        state = _thread_state
        state.context, state.device = self._saved.pop()


def context_scope(context):
    """Returns a scope in which ``context`` is the default context (and its default device)."""
    return ContextScope(context)


class DeviceScope:
    """Context manager making a device the thread's default one (see :func:`using_device`).

    For a ``cuda`` device, the CuPy device of the same index is made current as well.
    """

    def __init__(self, device):
        self._device = device
        self._saved = []

    def __enter__(self):
        state = _thread_state
        backend_scope = self._device._use()
        backend_scope.__enter__()
        self._saved.append((state.device, backend_scope))
        state.device = self._device
        return self

    def __exit__(self, *args):
        device, backend_scope = self._saved.pop()
        _thread_state.device = device
        backend_scope.__exit__(*args)

    @property
    def device(self):
        """The device made default by this scope."""
        return self._device


class _ThreadState(threading.local):
    context = None
    device = None


_thread_state = _ThreadState()
_global_default_context = None
_global_lock = threading.Lock()


def get_global_default_context():
    """Returns the global default context (shared by all threads)."""
    global _global_default_context
    ctx = _global_default_context
    if ctx is None:
        with _global_lock:
            if _global_default_context is None:
                _global_default_context = Context()
            ctx = _global_default_context
    return ctx


def set_global_default_context(context):
    """Sets the global default context."""
    global _global_default_context
    if not isinstance(context, Context):
        raise TypeError('context must be a chainerx.Context, not {}'.format(type(context)))
    _global_default_context = context


def get_default_context():
    """Returns the default context of the current thread."""
    ctx = _thread_state.context
    if ctx is None:
        ctx = get_global_default_context()
    return ctx


def set_default_context(context):
    """Sets the default context of the current thread (its default device is reset)."""
    if not isinstance(context, Context):
        raise TypeError('context must be a chainerx.Context, not {}'.format(type(context)))
    state = _thread_state
    if state.context is not context:
        state.device = None
    state.context = context


def get_device(*args):
    """Returns a device: ``get_device(device)``, ``get_device('native:0')`` or
    ``get_device('cuda', 1)``."""
    if len(args) == 1:
        spec = args[0]
        if isinstance(spec, Device):
            return spec
        return get_default_context().get_device(spec)
    if len(args) == 2:
        name, index = args
        if index is None:
            return get_default_context().get_device(name)
        return get_default_context().get_device(name, index)
    raise TypeError('get_device() takes 1 or 2 arguments ({} given)'.format(len(args)))


def get_default_device():
    """Returns the default device of the current thread (``native:0`` unless set)."""
    device = _thread_state.device
    if device is None:
        device = get_default_context().get_device('native', 0)
        _thread_state.device = device
    return device


def set_default_device(device):
    """Sets the default device of the current thread (a :class:`Device` or its name)."""
    device = get_device(device)
    _thread_state.device = device


def using_device(device, index=None):
    """Returns a scope in which the given device is the default one.

    Args:
        device: A :class:`Device`, a device name (``'native:0'``) or a backend name used with
            ``index``.
        index (int): The device index when ``device`` is a backend name.
    """
    if index is None:
        return DeviceScope(get_device(device))
    return DeviceScope(get_device(device, index))


def get_backend(backend_name):
    """Returns the backend of the given name in the default context."""
    return get_default_context().get_backend(backend_name)


def resolve_device(device):
    """The device for a ``device`` argument of a routine (None means the default device)."""
    if device is None:
        device = _thread_state.device
        if device is None:
            device = get_default_device()
        return device
    if type(device) is Device:
        return device
    return get_device(device)
