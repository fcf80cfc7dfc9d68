"""Chainer 8: a flexible define-by-run deep-learning framework.

``import chainer`` is cheap: heavy parts (links, optimizers, serializers, the training loop,
datasets) are imported on first attribute access, and sibling distributions (chainer-links,
chainer-training, chainer-datasets, chainer-caffe) join this namespace package when installed.
"""
import importlib
import os
import pkgutil
import sys
import warnings as _warnings

import numpy

__path__ = pkgutil.extend_path(__path__, __name__)  # noqa: F821 - set by the import system
__version__ = '8.0.0.dev0'

from chainer import _namespace  # noqa: E402
from chainer import configuration  # noqa: E402
from chainer.configuration import config  # noqa: E402,F401
from chainer.configuration import global_config  # noqa: E402
from chainer.configuration import using_config  # noqa: E402,F401


def _env_flag(name, default):
    return bool(int(os.environ.get(name, default)))


def _env_dtype():
    # As v7: only the names float16/32/64 and mixed16 are accepted.
    name = os.environ.get('CHAINER_DTYPE', 'float32')
    if name == 'mixed16':
        return mixed16
    if name not in ('float16', 'float32', 'float64'):
        raise TypeError('incorrect dtype name in CHAINER_DTYPE: "{}". Only float16/32/64 are '
                        'allowed.'.format(name))
    return numpy.dtype(name)


class _Mixed16:
    """The ``mixed16`` dtype mode: float16 activations with float32 parameters.

    It equals only itself and, as in v7, NumPy's float16 dtype (``numpy.dtype`` converts it
    through its ``dtype`` attribute); copies and pickles give the same object back."""

    dtype = numpy.dtype(numpy.float16)

    def __repr__(self):
        return "dtype('mixed16')"

    def __reduce__(self):
        return 'mixed16'


mixed16 = _Mixed16()
"""Special ``chainer.config.dtype`` value: float16 computation with float32 parameters."""

global_config.autotune = False
global_config.compute_mode = None
global_config.cudnn_deterministic = _env_flag('CHAINER_CUDNN_DETERMINISTIC', '0')
global_config.cudnn_fast_batch_normalization = _env_flag(
    'CHAINER_CUDNN_FAST_BATCH_NORMALIZATION', '0')
global_config.debug = _env_flag('CHAINER_DEBUG', '0')
global_config.dtype = _env_dtype()
global_config.enable_backprop = True
global_config.in_recomputing = False
global_config.keep_graph_on_report = _env_flag('CHAINER_KEEP_GRAPH_ON_REPORT', '0')
global_config.lazy_grad_sum = _env_flag('CHAINER_LAZY_GRAD_SUM', '0')
global_config.schedule_func = None
global_config.train = True
global_config.type_check = _env_flag('CHAINER_TYPE_CHECK', '1')
global_config.use_cudnn = os.environ.get('CHAINER_USE_CUDNN', 'auto')
global_config.use_cudnn_tensor_core = 'auto'
global_config.use_ideep = os.environ.get('CHAINER_USE_IDEEP', 'never')
global_config.use_static_graph = True
global_config.warn_nondeterministic = _env_flag('CHAINER_WARN_NONDETERMINISTIC', '0')
global_config._will_recompute = False

from chainer import backend  # noqa: E402
from chainer import backends  # noqa: E402
from chainer.backends import cuda  # noqa: E402
from chainer.backends.cuda import should_use_cudnn  # noqa: E402,F401
from chainer.backends.cuda import should_use_cudnn_tensor_core  # noqa: E402,F401
from chainer import function_node  # noqa: E402
from chainer import variable  # noqa: E402
from chainer._backprop import backward  # noqa: E402,F401
from chainer.function import Function  # noqa: E402,F401
from chainer.function import FunctionAdapter  # noqa: E402,F401
from chainer.function import force_backprop_mode  # noqa: E402,F401
from chainer.function import no_backprop_mode  # noqa: E402,F401
from chainer.function_node import FunctionNode  # noqa: E402,F401
from chainer.function_node import grad  # noqa: E402,F401
from chainer.variable import as_array  # noqa: E402,F401
from chainer.variable import as_variable  # noqa: E402,F401
from chainer.variable import Parameter  # noqa: E402,F401
from chainer.variable import Variable  # noqa: E402,F401
from chainer.backend import get_array_module  # noqa: E402,F401
from chainer.backend import get_device  # noqa: E402,F401
from chainer.backend import using_device  # noqa: E402,F401
from chainer._runtime_info import print_runtime_info  # noqa: E402,F401

sys.modules['chainer.cuda'] = cuda

from chainer import functions  # noqa: E402,F401  (installs the Variable operators)
from chainer.functions.math import basic_math  # noqa: E402,F401  (v7's chainer.basic_math)


class _FallbackType:
    def __repr__(self):
        return 'Fallback'


Fallback = _FallbackType()
"""Returned by ``forward_chainerx`` to fall back to the NumPy/CuPy implementation."""

disable_experimental_feature_warning = False
"""Set to True to silence the warnings of experimental features."""


def is_debug():
    """Returns True if the debug mode is enabled in this thread.

    .. admonition:: Example

        >>> chainer.is_debug()
        False
        >>> with chainer.using_config('debug', True):
        ...     chainer.is_debug()
        True
    """
    return bool(config.debug)


def get_compute_mode():
    """Returns ``chainer.config.compute_mode`` (None unless set).

    .. admonition:: Example

        >>> chainer.get_compute_mode() is None
        True
        >>> with chainer.using_config('compute_mode', 'cudnn_fast'):
        ...     chainer.get_compute_mode()
        'cudnn_fast'
    """
    return config.compute_mode


def set_debug(debug):
    """Enables or disables the debug mode in this thread (sets ``chainer.config.debug``, as
    v7: a ``using_config('debug', ...)`` block it runs in is overridden until the block ends).

    .. admonition:: Example

        >>> chainer.set_debug(True)
        >>> chainer.is_debug(), chainer.config.debug
        (True, True)
        >>> chainer.set_debug(False)
        >>> chainer.is_debug()
        False
    """
    config.debug = debug


class DebugMode:
    """Context manager that enables or disables the debug mode in its block."""

    def __init__(self, debug):
        self._using = using_config('debug', debug)

    def __enter__(self):
        self._using.__enter__()

    def __exit__(self, *args):
        self._using.__exit__(*args)


def get_dtype(dtype=None, map_mixed16=None):
    """Resolves a dtype, defaulting to ``chainer.config.dtype``.

    Args:
        dtype: A dtype or None (use the configured default).
        map_mixed16: The dtype ``mixed16`` maps to (float16 when None).

    .. admonition:: Example

        >>> chainer.get_dtype()  # chainer.config.dtype
        dtype('float32')
        >>> with chainer.using_config('dtype', np.float16):
        ...     chainer.get_dtype()
        dtype('float16')
        >>> chainer.get_dtype(np.float64)  # an explicit dtype wins
        dtype('float64')
    """
    if dtype is None:
        dtype = config.dtype
    if dtype is mixed16:
        return numpy.dtype(numpy.float16 if map_mixed16 is None else map_mixed16)
    return numpy.dtype(dtype)


def get_array_types():
    """Returns the array types Chainer supports (NumPy, and CuPy when imported)."""
    return variable._array_types()


def get_cpu_array_types():
    """Returns the host array types (``numpy.ndarray``)."""
    return (numpy.ndarray,)


def is_arrays_compatible(arrays):
    """Returns True if all non-None arrays are of one backend (all NumPy or all CuPy).

    .. admonition:: Example

        >>> chainer.is_arrays_compatible([np.zeros(2), np.ones((3, 1))])  # all NumPy
        True
        >>> chainer.is_arrays_compatible([])
        True
    """
    arrays = [a for a in arrays if a is not None]
    if not arrays:
        return True
    first = type(arrays[0])
    return all(type(a) is first for a in arrays)


def _get_link_hooks():
    from chainer import link_hook
    return link_hook._get_link_hooks()


def get_function_hooks():
    """Returns the ordered dict of function hooks active in this thread.

    .. admonition:: Example

        >>> hook = chainer.function_hooks.TimerHook()
        >>> with hook:
        ...     list(chainer.get_function_hooks())
        ['TimerHook']
        >>> list(chainer.get_function_hooks())
        []
    """
    from chainer import _hooks
    return _hooks.global_hooks()


def _warn_deprecated(old, new):
    _warnings.warn('%s is deprecated. Use %s instead.' % (old, new), DeprecationWarning)


_LAZY_ATTRS = {
    'AbstractSerializer': 'chainer.serializer',
    'Serializer': 'chainer.serializer',
    'Deserializer': 'chainer.serializer',
    'Chain': 'chainer.link',
    'ChainList': 'chainer.link',
    'Link': 'chainer.link',
    'Sequential': 'chainer.sequential',
    'LinkHook': 'chainer.link_hook',
    'FunctionHook': 'chainer.function_hook',
    'Initializer': 'chainer.initializer',
    'Optimizer': 'chainer.optimizer',
    'GradientMethod': 'chainer.optimizer',
    'UpdateRule': 'chainer.optimizer',
    'Reporter': 'chainer.reporter',
    'report': 'chainer.reporter',
    'report_scope': 'chainer.reporter',
    'get_current_reporter': 'chainer.reporter',
    'Summary': 'chainer.reporter',
    'DictSummary': 'chainer.reporter',
    'DeviceResident': 'chainer.device_resident',
    'Distribution': 'chainer.distribution',
    'kl_divergence': 'chainer.distribution',
    'cross_entropy': 'chainer.distribution',
    'register_kl': 'chainer.distribution',
    'static_graph': 'chainer.graph_optimizations.static_graph',
    'static_code': 'chainer.graph_optimizations.static_graph_utilities',
}

_LAZY_SUBMODULES = frozenset([
    'computational_graph', 'function_hook', 'function_hooks', 'gradient_check',
    'initializer', 'initializers', 'link', 'link_hook', 'link_hooks', 'optimizer',
    'optimizer_hooks', 'optimizers', 'reporter', 'sequential', 'serializer', 'serializers',
    'testing', 'utils', 'device_resident', 'distribution', 'distributions',
    'memory_layouts', 'types', 'warnings', 'graph_optimizations',
])


def __dir__():
    # the lazily imported names are listed too, as v7's eagerly imported ones
    return sorted(set(globals()) | set(_LAZY_ATTRS))


def __getattr__(name):
    module = _LAZY_ATTRS.get(name)
    if module is not None:
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value
    if name in _LAZY_SUBMODULES:
        return importlib.import_module('chainer.' + name)
    return _namespace.lazy_submodule(name)


_namespace.install()
