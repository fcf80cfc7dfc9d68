"""Device, memory and kernel utilities over CuPy (``chainer.backends.cuda``; ``chainer.cuda``).

CuPy is imported lazily: importing this module (and ``import chainer``) never imports CuPy. The
first access to one of the CuPy-dependent attributes (``cupy``, ``ndarray``, ``Device``,
``available``, ``cudnn_enabled``, ...) or the first GPU operation tries to import it. Without a
working CuPy and GPU, ``available`` is ``False``, :func:`get_array_module` returns NumPy,
:func:`memoize` / :func:`fuse` act as plain decorators and every GPU operation raises the
:class:`RuntimeError` of :func:`check_cuda_available`.
"""
import functools
import os
import sys
import threading
import warnings

import numpy

import chainer
from chainer import _backend
from chainer.backends import _cpu

_integer_types = (int, numpy.integer)

# Names resolved on first access by ``_setup`` (module ``__getattr__``).
_LAZY_NAMES = frozenset([
    'available', 'cudnn_enabled', 'cupy', 'cupyx', 'cuda', 'cublas', 'cudnn', 'libcudnn',
    'ndarray', 'Device', 'Event', 'Stream', 'memory_pool', 'pinned_memory_pool',
    '_cudnn_version', '_resolution_error', '_cudnn_disabled_by_user',
])

_setup_done = False
_setup_lock = threading.RLock()
_max_workspace_size = 8 * 1024 * 1024


class _CupyNotAvailable:
    """Stands for the ``cupy`` module when CuPy cannot be used.

    ``xp is cuda.cupy`` is then simply ``False``; any other use raises the error of
    :func:`check_cuda_available`.
    """

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        check_cuda_available()
        raise AttributeError(name)  # pragma: no cover (only reached if CuPy became usable)

    def __repr__(self):
        return '<cupy (not available)>'


def _setup():
    """Tries to import CuPy once and fills in the CuPy-dependent module attributes."""
    global _setup_done
    if _setup_done:
        return
    with _setup_lock:
        if _setup_done:
            return
        g = globals()
        g['_cudnn_disabled_by_user'] = os.environ.get('CHAINER_CUDNN', '1') == '0'
        try:
            import cupy
            import cupy.cuda
            import cupyx
            if not cupy.cuda.is_available():
                raise RuntimeError('CuPy is installed but no CUDA GPU is available')
            g.update(
                cupy=cupy, cupyx=cupyx, cuda=cupy.cuda, ndarray=cupy.ndarray,
                Device=cupy.cuda.Device, Event=cupy.cuda.Event, Stream=cupy.cuda.Stream,
                memory_pool=cupy.get_default_memory_pool(),
                pinned_memory_pool=cupy.get_default_pinned_memory_pool(),
                available=True, _resolution_error=None)
            try:
                from cupy.cuda import cublas
                g['cublas'] = cublas
            except Exception:  # pragma: no cover
                pass
        except Exception as e:
            g.update(
                cupy=_CupyNotAvailable(), ndarray=_DummyNdarray, Device=_DummyCudaDevice,
                Event=_DummyEvent, Stream=_DummyStream, available=False,
                _resolution_error=e)
        _setup_cudnn(g)
        _setup_done = True


def _setup_cudnn(g):
    g.update(cudnn_enabled=False, _cudnn_version=-1, libcudnn=object(), cudnn=None)
    if not g['available']:
        return
    try:
        try:
            from cupy_backends.cuda.libs import cudnn as libcudnn
        except ImportError:  # older CuPy
            from cupy.cuda import cudnn as libcudnn
        try:
            import cupyx.cudnn as cudnn
        except ImportError:  # older CuPy
            import cupy.cudnn as cudnn
        version = libcudnn.getVersion()
    except Exception:
        return
    g.update(cudnn=cudnn, libcudnn=libcudnn, _cudnn_version=version,
             cudnn_enabled=not g['_cudnn_disabled_by_user'])
    if g['cudnn_enabled'] and _max_workspace_size != 8 * 1024 * 1024:
        cudnn.set_max_workspace_size(_max_workspace_size)


def __getattr__(name):
    if name in _LAZY_NAMES:
        _setup()
        try:
            return globals()[name]
        except KeyError:
            pass
        raise AttributeError(
            'chainer.backends.cuda.{} is not available: {}'.format(
                name, globals().get('_resolution_error')))
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))


def __dir__():
    return sorted(set(globals()) | _LAZY_NAMES)


def _cupy_if_imported():
    """Returns the ``cupy`` module if CuPy is already imported and usable, else ``None``.

    Never imports CuPy: meant for type checks on hot paths (a CuPy array cannot exist unless
    CuPy has been imported).
    """
    if not _setup_done:
        if 'cupy' not in sys.modules:
            return None
        _setup()
    return globals()['cupy'] if globals()['available'] else None


def _get_cupy():
    check_cuda_available()
    return globals()['cupy']


# --------------------------------------------------------------------------------------------
# Dummy classes standing for the CuPy ones when CuPy is not available


class _DummyNdarray:
    """Stands for ``cupy.ndarray`` (for type testing) when CuPy is not available."""

    def __init__(self, *args, **kwargs):
        check_cuda_available()


class _DummyCudaDevice:
    """Stands for ``cupy.cuda.Device`` when CuPy is not available (a no-op context)."""

    id = -1

    def __init__(self, device=None):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return None

    def use(self):
        pass

    def synchronize(self):
        pass


class _DummyEvent:
    """Stands for ``cupy.cuda.Event`` when CuPy is not available."""

    def __init__(self, *args, **kwargs):
        check_cuda_available()


class _DummyStream:
    """Stands for ``cupy.cuda.Stream`` when CuPy is not available."""

    null = None

    def __init__(self, *args, **kwargs):
        check_cuda_available()


class DummyDeviceType:
    """No-op stand-in for a ``cupy.cuda.Device``, representing the CPU.

    It stands for the CPU: :func:`get_device_from_id` with ``None`` and
    :func:`get_device_from_array` with non-CuPy arrays return the :data:`DummyDevice`
    instance, which can be used in a ``with`` statement.
    """

    id = -1

    def __int__(self):
        return -1

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return None

    def use(self):
        """Does nothing."""
        pass

    def synchronize(self):
        """Does nothing."""
        pass

    def __eq__(self, other):
        return isinstance(other, DummyDeviceType)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(DummyDeviceType)

    def __repr__(self):
        return '<DummyDevice>'


DummyDevice = DummyDeviceType()


# --------------------------------------------------------------------------------------------
# Availability


def check_cuda_available():
    """Raises :class:`RuntimeError` unless CuPy can be imported and sees a CUDA GPU.

    The error message tells what went wrong and how to install CuPy.
    """
    _setup()
    if not globals()['available']:
        error = globals()['_resolution_error']
        raise RuntimeError(
            'CUDA environment is not correctly set up: CuPy could not be used ({}: {}).\n'
            'Install CuPy for your CUDA version, e.g. `pip install chainer-core[cuda12x]` '
            '(cupy-cuda12x), and make sure a CUDA GPU is visible.'.format(
                type(error).__name__, error))
    if (not globals()['cudnn_enabled'] and not globals()['_cudnn_disabled_by_user']
            and not getattr(check_cuda_available, '_already_warned', False)):
        warnings.warn(
            'cuDNN is not enabled.\n'
            'Please install cuDNN for CuPy to use it (or set CHAINER_CUDNN=0 to silence '
            'this warning).')
        check_cuda_available._already_warned = True


# --------------------------------------------------------------------------------------------
# Devices


class GpuDevice(_backend.Device):
    """Device for the GPU (CuPy) backend. Its device specifier is ``'@cupy:N'``.

    Args:
        device (cupy.cuda.Device): The CUDA device.
    """

    __hash__ = _backend.Device.__hash__

    def __init__(self, device):
        check_cuda_available()
        if not isinstance(device, globals()['Device']):
            raise TypeError('device must be an instance of cupy.cuda.Device.')
        self.device = device

    @staticmethod
    def from_device_id(device_id):
        """Returns the :class:`GpuDevice` of the CUDA device with ID ``device_id``."""
        check_cuda_available()
        if not (isinstance(device_id, _integer_types) and not isinstance(device_id, bool)
                and device_id >= 0):
            raise ValueError('Invalid CUDA device ID: {}'.format(device_id))
        return GpuDevice(globals()['Device'](int(device_id)))

    @staticmethod
    def from_array(array):
        """Returns the :class:`GpuDevice` of a CuPy array, or ``None`` for other arrays."""
        cupy = _cupy_if_imported()
        if cupy is not None and isinstance(array, cupy.ndarray) and array.device is not None:
            return GpuDevice(array.device)
        return None

    @property
    def xp(self):
        """The ``cupy`` module."""
        return globals()['cupy']

    @property
    def supported_array_types(self):
        """``(cupy.ndarray,)``."""
        return (globals()['ndarray'],)

    @property
    def name(self):
        """The device specifier, ``'@cupy:N'``."""
        return '@cupy:{}'.format(self.device.id)

    def __eq__(self, other):
        return isinstance(other, GpuDevice) and other.device == self.device

    def __repr__(self):
        return '<{} (cupy):{}>'.format(self.__class__.__name__, self.device.id)

    def create_context(self):
        # A cupy.cuda.Device must not be entered from several threads: make a new one.
        return globals()['Device'](self.device.id)

    def send_array(self, array):
        """Copies ``array`` to this GPU (a CuPy array already there is returned as is)."""
        return _array_to_gpu(array, self.device, None)

    def use(self):
        """Makes this GPU the current CUDA device."""
        self.device.use()

    def is_array_supported(self, array):
        """Returns whether ``array`` is a CuPy array on this GPU."""
        return isinstance(array, globals()['ndarray']) and self.device == array.device


# --------------------------------------------------------------------------------------------
# Global states and device lookup


def get_device_from_id(device_id):
    """Returns the ``cupy.cuda.Device`` with the given ID.

    Args:
        device_id (int or None): The ID of the device. ``None`` gives :data:`DummyDevice`.
    """
    if device_id is not None:
        check_cuda_available()
        return globals()['Device'](device_id)
    return DummyDevice


def get_device_from_array(*arrays):
    """Returns the ``cupy.cuda.Device`` holding the first CuPy array among ``arrays``.

    Non-CuPy arrays (NumPy arrays, and Variables: pass ``v.array``) give :data:`DummyDevice`.
    """
    cupy = _cupy_if_imported()
    if cupy is not None:
        for array in arrays:
            if isinstance(array, cupy.ndarray) and array.device is not None:
                return array.device
    return DummyDevice


def get_device(*args):
    """Returns the CUDA device designated by the first usable argument (device, ID or array).

    .. deprecated:: v3.0.0
        Use :func:`get_device_from_id` or :func:`get_device_from_array` instead.
    """
    warnings.warn('get_device is deprecated. Please use get_device_from_id or '
                  'get_device_from_array instead.', DeprecationWarning)
    return _get_device(*args)


def _get_device(*args):
    for arg in args:
        if type(arg) is not bool and isinstance(arg, _integer_types):
            check_cuda_available()
            return globals()['Device'](arg)
        cupy = _cupy_if_imported()
        if cupy is None:
            continue
        if isinstance(arg, cupy.ndarray):
            if arg.device is None:
                continue
            return arg.device
        if isinstance(arg, cupy.cuda.Device):
            return arg
    return DummyDevice


def _get_device_or_current(device):
    # Returns a cupy.cuda.Device (the current one if device is None).
    check_cuda_available()
    Device = globals()['Device']
    if device is None:
        return Device()
    if isinstance(device, Device):
        return device
    if isinstance(device, GpuDevice):
        return device.device
    if isinstance(device, _integer_types):
        return Device(int(device))
    return Device(device)


# --------------------------------------------------------------------------------------------
# Array transfers


def to_gpu(array, device=None, stream=None):
    """Sends an array, or a list/tuple of arrays, to a GPU as CuPy array(s).

    Args:
        array: A NumPy or CuPy array, a NumPy scalar, ``None``, or a list or tuple of them.
        device: Device specifier (ID integer or ``cupy.cuda.Device``); the current device if
            ``None``.
        stream (cupy.cuda.Stream): *(deprecated)* CUDA stream for an asynchronous copy.

    Returns:
        The CuPy array(s). An array already on the target device is returned without a copy.
    """
    if stream is not None:
        warnings.warn('The stream option is deprecated in chainer.backends.cuda.to_gpu. '
                      'Please remove it.', DeprecationWarning)
    check_cuda_available()
    dev = _get_device_or_current(device)
    with dev:
        return _backend._convert_arrays(array, lambda a: _array_to_gpu(a, dev, stream))


def _array_to_gpu(array, device, stream):
    if array is None:
        return None
    cupy = _get_cupy()
    import chainerx
    if isinstance(array, chainerx.ndarray):
        from chainer.backends import _chainerx
        array = _chainerx._array_from_chainerx(array)
    if isinstance(array, (numpy.number, numpy.bool_)):
        array = numpy.asarray(array)
    from chainer.backends import intel64
    if isinstance(array, intel64.mdarray):
        array = numpy.asarray(array)
    if not isinstance(array, (cupy.ndarray, numpy.ndarray)):
        raise TypeError(
            'The array sent to gpu must be an array or a NumPy scalar.'
            '\nActual type: {0}.'.format(type(array)))
    with device:
        if isinstance(array, numpy.ndarray):
            if stream is not None and stream.ptr != 0:
                ret = cupy.empty_like(array)
                ret.set(array, stream)
                return ret
            return cupy.asarray(array)
        if array.device.id == device.id:
            return array
        # An array on another GPU is copied to this one.
        return cupy.array(array, copy=True)


def to_cpu(array, stream=None):
    """Brings an array, or a list/tuple of arrays, to host memory as NumPy array(s).

    Args:
        array: An array, ``None``, or a list or tuple of them.
        stream (cupy.cuda.Stream): CUDA stream.

    Returns:
        NumPy array(s). Arrays already on the CPU are returned as they are (no copy); ``None``
        stays ``None``.

    .. admonition:: Example

        >>> from chainer.backends import cuda
        >>> x = np.array([1, 2], np.float32)
        >>> cuda.to_cpu(x) is x  # already a NumPy array; a CuPy array would be copied to the host
        True
        >>> cuda.to_cpu([x, None])  # lists and tuples are converted element by element
        [array([1., 2.], dtype=float32), None]
    """
    return _backend._convert_arrays(array, lambda a: _array_to_cpu(a, stream))


def _array_to_cpu(array, stream):
    if array is None:
        return None
    cupy = _cupy_if_imported()
    if cupy is not None and isinstance(array, cupy.ndarray):
        with get_device_from_array(array):
            return array.get(stream)
    return _cpu._array_to_cpu(array)


def copy(array, out=None, out_device=None, stream=None):
    """Copies a CuPy array, possibly to another device.

    Args:
        array (cupy.ndarray): Array to be copied.
        out (cupy.ndarray): Destination array; ``out_device`` is ignored when given.
        out_device: Destination device specifier (ID integer, ``cupy.cuda.Device`` or array).
        stream (cupy.cuda.Stream): CUDA stream (must be ``None``).

    Returns:
        cupy.ndarray: The copied array.
    """
    cupy = _get_cupy()
    if stream is not None:
        raise NotImplementedError('stream is not supported in chainer.backends.cuda.copy')
    if out is None:
        if out_device is None:
            out_device = array
        with _get_device(out_device):
            out = cupy.empty_like(array)
    with get_device_from_array(array):
        cupy.copyto(out, array)
    return out


def get_array_module(*args):
    """Returns :mod:`cupy` or :mod:`numpy` depending on the arrays (or Variables) given.

    .. deprecated:: v5.0.0
        Use :func:`chainer.backend.get_array_module` instead.

    .. admonition:: Example

        >>> from chainer.backends import cuda
        >>> x = np.array([1, 2], np.float32)
        >>> cuda.get_array_module(x) is np  # cupy for CuPy arrays
        True
        >>> cuda.get_array_module(chainer.Variable(x)) is np
        True
    """
    from chainer import backend
    return backend.get_array_module(*args)


# --------------------------------------------------------------------------------------------
# Kernels and memoization

_memos = []


def memoize(for_each_device=False):
    """Decorator caching a function's results per argument combination (and per GPU).

    The CuPy counterpart is :func:`cupy.memoize`; this one may decorate functions defined at
    import time on machines without CUDA, where it caches nothing and just calls the function
    (so it is no general-purpose cache).

    Args:
        for_each_device (bool): Memoize separately for each CUDA device.
    """
    def decorator(f):
        memo = {}
        _memos.append(memo)

        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            if not _setup_done:
                _setup()
            if not globals()['available']:
                return f(*args, **kwargs)
            key = (args, frozenset(kwargs.items()))
            if for_each_device:
                key = (globals()['cupy'].cuda.runtime.getDevice(), key)
            try:
                return memo[key]
            except KeyError:
                pass
            result = memo[key] = f(*args, **kwargs)
            return result

        return wrapper

    return decorator


def clear_memo():
    """Clears the results memoized by :func:`memoize` (and by :func:`cupy.memoize`)."""
    for memo in _memos:
        memo.clear()
    cupy = _cupy_if_imported()
    if cupy is not None:
        cupy.clear_memo()


@memoize()
def elementwise(in_params, out_params, operation, name, **kwargs):
    """Creates (and caches) a :class:`cupy.ElementwiseKernel`.

    The arguments are those of :class:`cupy.ElementwiseKernel`; ``name`` is mandatory.
    """
    return _get_cupy().ElementwiseKernel(in_params, out_params, operation, name, **kwargs)


@memoize()
def reduce(in_params, out_params, map_expr, reduce_expr, post_map_expr, identity, name,
           **kwargs):
    """Creates (and caches) a :class:`cupy.ReductionKernel`.

    The arguments are those of :class:`cupy.ReductionKernel`; ``name`` is mandatory.
    """
    return _get_cupy().ReductionKernel(in_params, out_params, map_expr, reduce_expr,
                                       post_map_expr, identity, name, **kwargs)


@memoize(for_each_device=True)
def raw(code, name, *args, **kwargs):
    """Creates (and caches, per argument combination and device) a :class:`cupy.RawKernel`."""
    return _get_cupy().RawKernel(code, name, *args, **kwargs)


def fuse(*args, **kwargs):
    """Decorator that fuses an elementwise function into one kernel on CuPy inputs.

    On CuPy arrays the function runs as :func:`cupy.fuse` would run it (the fused kernel is
    built on first GPU use); on NumPy arrays (or without CuPy) the Python function is called as
    is. Usable as ``@fuse`` or ``@fuse(kernel_name=...)``.
    """
    def make(func):
        fused = []

        @functools.wraps(func)
        def wrapper(*fargs, **fkwargs):
            if 'cupy' in sys.modules:
                cupy = _cupy_if_imported()
                if cupy is not None and any(isinstance(a, cupy.ndarray) for a in fargs):
                    if not fused:
                        fused.append(cupy.fuse(**kwargs)(func))
                    return fused[0](*fargs, **fkwargs)
            return func(*fargs, **fkwargs)

        return wrapper

    if len(args) == 1 and not kwargs and callable(args[0]):
        return make(args[0])
    return make


# --------------------------------------------------------------------------------------------
# cuDNN


def set_max_workspace_size(size):
    """Changes the size in bytes of the workspace cuDNN may use."""
    global _max_workspace_size
    _max_workspace_size = size
    if _setup_done and globals()['cudnn_enabled']:
        globals()['cudnn'].set_max_workspace_size(size)


def get_max_workspace_size():
    """Returns the size in bytes of the workspace cuDNN may use."""
    if _setup_done and globals()['cudnn_enabled']:
        return globals()['cudnn'].get_max_workspace_size()
    return _max_workspace_size


_SHOULD_USE_CUDNN = {
    '==always': {'always': True, 'auto': False, 'never': False},
    '>=auto': {'always': True, 'auto': True, 'never': False},
}


def should_use_cudnn(level, lowest_version=0):
    """Tells whether a function should call cuDNN.

    The answer combines the availability of cuDNN (:data:`cudnn_enabled`), its version and
    the ``chainer.config.use_cudnn`` setting.

    Args:
        level (str): ``'==always'`` accepts only the setting ``'always'``; ``'>=auto'``
            accepts ``'always'`` and ``'auto'``.
        lowest_version (int): Oldest cuDNN version the caller supports.

    Returns:
        bool: Whether to use cuDNN.
    """
    _setup()
    if not globals()['cudnn_enabled']:
        return False
    if globals()['_cudnn_version'] < lowest_version:
        return False
    if level not in _SHOULD_USE_CUDNN:
        raise ValueError('invalid cuDNN use level: %s '
                         'must be either of "==always" or ">=auto"' % repr(level))
    flags = _SHOULD_USE_CUDNN[level]
    use_cudnn = chainer.config.use_cudnn
    if use_cudnn not in flags:
        raise ValueError('invalid use_cudnn configuration: %s '
                         '(must be either of "always", "auto", or "never")' % repr(use_cudnn))
    return flags[use_cudnn]


_TENSOR_CORE_FLAG = {'always': True, 'auto': None, 'never': False}


def should_use_cudnn_tensor_core(dtype):
    """Determines if cuDNN's Tensor Core operations should be used for ``dtype``.

    Follows ``chainer.config.use_cudnn_tensor_core`` (``'always'``, ``'auto'``, ``'never'``);
    with ``'auto'`` cuDNN decides from the dtype and the GPU.
    """
    setting = getattr(chainer.config, 'use_cudnn_tensor_core', 'auto')
    if setting not in _TENSOR_CORE_FLAG:
        raise ValueError('invalid use_cudnn_tensor_core configuration: %s '
                         '(must be either of "always", "auto", or "never")' % repr(setting))
    use = _TENSOR_CORE_FLAG[setting]
    if use is None:
        _setup()
        cudnn = globals()['cudnn']
        if cudnn is None or not hasattr(cudnn, 'is_tensor_core_available'):
            return False
        use = cudnn.is_tensor_core_available(dtype)
    return use


_dropout_states = {}


def get_cudnn_dropout_states():
    """Returns the cuDNN dropout states of the current device (created on first use)."""
    _setup()
    if not globals()['cudnn_enabled']:
        raise RuntimeError('cuDNN is not enabled.')
    return get_cudnn_dropout_states_core(globals()['cupy'].cuda.runtime.getDevice())


def get_cudnn_dropout_states_core(device_id):
    """Returns the cuDNN dropout states of the device ``device_id`` (created on first use)."""
    states = _dropout_states.get(device_id)
    if states is None:
        seed = os.getenv('CHAINER_SEED')
        seed = numpy.random.randint(0, 2 ** 31) if seed is None else int(seed)
        states = globals()['cudnn'].DropoutStates(None, seed)
        _dropout_states[device_id] = states
    return states


# --------------------------------------------------------------------------------------------
# Deprecated v1 array creation helpers (float32 by default, unlike CuPy)


def _deprecated(name):
    warnings.warn('chainer.cuda.{0} is deprecated. Use cupy.{0} instead.'.format(name),
                  DeprecationWarning, stacklevel=3)


def init(arg=None):
    """Does nothing (deprecated since v1: CUDA is initialized automatically)."""
    warnings.warn('chainer.cuda.init is deprecated. You need not call this function.',
                  DeprecationWarning)


def empty(shape, dtype=numpy.float32):
    """Creates an uninitialized CuPy array (deprecated; use :func:`cupy.empty`)."""
    _deprecated('empty')
    return _get_cupy().empty(shape, dtype)


def empty_like(array):
    """Creates an uninitialized CuPy array like ``array`` (deprecated)."""
    _deprecated('empty_like')
    cupy = _get_cupy()
    if isinstance(array, cupy.ndarray):
        return cupy.empty_like(array)
    return cupy.empty(array.shape, dtype=array.dtype)


def zeros(shape, dtype=numpy.float32, stream=None):
    """Creates a zero-filled CuPy array (deprecated; use :func:`cupy.zeros`)."""
    _deprecated('zeros')
    return _get_cupy().zeros(shape, dtype)


def zeros_like(array, stream=None):
    """Creates a zero-filled CuPy array like ``array`` (deprecated)."""
    _deprecated('zeros_like')
    return _get_cupy().zeros(array.shape, dtype=array.dtype)


def ones(shape, dtype=numpy.float32, stream=None):
    """Creates a one-filled CuPy array (deprecated; use :func:`cupy.ones`)."""
    _deprecated('ones')
    return _get_cupy().ones(shape, dtype)


def ones_like(array, stream=None):
    """Creates a one-filled CuPy array like ``array`` (deprecated)."""
    _deprecated('ones_like')
    return _get_cupy().ones(array.shape, dtype=array.dtype)


def full(shape, fill_value, dtype=numpy.float32, stream=None):
    """Creates a CuPy array filled with ``fill_value`` (deprecated; use :func:`cupy.full`)."""
    _deprecated('full')
    return _get_cupy().full(shape, fill_value, dtype)


def full_like(array, fill_value, stream=None):
    """Creates a CuPy array like ``array`` filled with ``fill_value`` (deprecated)."""
    _deprecated('full_like')
    return _get_cupy().full(array.shape, fill_value, dtype=array.dtype)
