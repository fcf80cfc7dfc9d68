"""Backend configurations for tests: :class:`BackendConfig` and :func:`inject_backend_tests`."""
import numpy
import pytest

import chainer
from chainer.testing import parameterized

_DEFAULTS = (
    ('use_chainerx', False),
    ('chainerx_device', None),
    ('use_cuda', False),
    ('cuda_device', None),
    ('use_cudnn', 'never'),
    ('cudnn_deterministic', False),
    ('autotune', False),
    ('cudnn_fast_batch_normalization', False),
    ('use_ideep', 'never'),
)
_CONFIG_KEYS = ('use_cudnn', 'cudnn_deterministic', 'autotune',
                'cudnn_fast_batch_normalization', 'use_ideep')


class BackendConfig:
    """One backend setting under which a test runs (device and cuDNN/iDeep switches).

    Args:
        params (dict): Keys among ``use_cuda``, ``cuda_device``, ``use_cudnn``,
            ``cudnn_deterministic``, ``autotune``, ``cudnn_fast_batch_normalization``,
            ``use_ideep``, ``use_chainerx``, ``chainerx_device``.
    """

    def __init__(self, params):
        unknown = set(params) - {k for k, _ in _DEFAULTS}
        if unknown:
            raise ValueError('unknown backend config keys: %s' % sorted(unknown))
        for key, default in _DEFAULTS:
            setattr(self, key, params.get(key, default))
        if self.use_cuda and self.cuda_device is None:
            self.cuda_device = 0
        if self.use_chainerx:
            if self.use_cuda:
                raise ValueError('use_chainerx and use_cuda cannot be both set (the ChainerX '
                                 'device is given by chainerx_device)')
            if not isinstance(self.chainerx_device, str):
                raise ValueError('chainerx_device must be a device name such as \'native:0\''
                                 ' when use_chainerx is set')
        self._contexts = []

    @property
    def xp(self):
        """Array module of this backend."""
        if self.use_chainerx:
            import chainerx
            return chainerx
        if self.use_cuda:
            from chainer.backends import cuda
            return cuda.cupy
        return numpy

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` of this backend."""
        if self.use_chainerx:
            return chainer.get_device(self.chainerx_device)
        if self.use_cuda:
            return chainer.get_device('@cupy:%d' % self.cuda_device)
        return chainer.get_device('@numpy')

    def __repr__(self):
        items = ['%s=%r' % (k, getattr(self, k)) for k, default in _DEFAULTS
                 if getattr(self, k) != default]
        return '<BackendConfig %s>' % (' '.join(items) or 'numpy')

    def get_func_str(self):
        """Short name of the backend, used in test names."""
        if self.use_chainerx:
            return 'chainerx_' + self.chainerx_device.replace(':', '_')
        if self.use_cuda:
            name = 'cupy%d' % self.cuda_device
            if self.use_cudnn != 'never':
                name += '_cudnn_' + self.use_cudnn
            return name
        if self.use_ideep != 'never':
            return 'numpy_ideep'
        return 'numpy'

    def get_pytest_marks(self):
        """Pytest marks this backend needs (``gpu`` for CUDA)."""
        marks = []
        if self.use_cuda:
            marks.append(pytest.mark.gpu)
            if self.use_cudnn != 'never':
                marks.append(pytest.mark.cudnn)
        if self.use_chainerx:
            marks.append(pytest.mark.chainerx)
            if self.chainerx_device.split(':')[0] == 'cuda':
                marks.append(pytest.mark.gpu)
        return marks

    def __enter__(self):
        contexts = [chainer.using_config(k, getattr(self, k)) for k in _CONFIG_KEYS]
        if self.use_cuda or self.use_chainerx:
            contexts.append(chainer.using_device(self.device))
        for c in contexts:
            c.__enter__()
        self._contexts.append(contexts)
        return self

    def __exit__(self, *exc):
        for c in reversed(self._contexts.pop()):
            c.__exit__(*exc)

    def get_array(self, np_array):
        """Sends an array (or a Variable's array, or a tuple of them) to this backend."""
        if isinstance(np_array, (tuple, list)):
            return type(np_array)(self.get_array(a) for a in np_array)
        if isinstance(np_array, chainer.Variable):
            np_array.to_device(self.device)
            return np_array
        if np_array is None:
            return None
        return self.device.send(np_array)


def _expand(params):
    if isinstance(params, dict):
        return parameterized.product(params)
    return list(params)


def inject_backend_tests(method_names, params):
    """Class decorator running test methods under each backend configuration.

    Each method ``test_x(self, backend_config)`` named in ``method_names`` (all ``test_*``
    methods when None) is replaced by one method per configuration, named
    ``test_x__<i>_<backend>``; GPU configurations carry the ``gpu`` mark.
    """
    configs = [BackendConfig(p) for p in _expand(params)]

    def decorator(cls):
        names = method_names
        if names is None:
            names = [n for n in dir(cls) if n.startswith('test_') and '__' not in n[5:]
                     and callable(getattr(cls, n, None))]
        for name in names:
            impl = getattr(cls, name)
            for i, config in enumerate(configs):
                setattr(cls, '%s__%d_%s' % (name, i, config.get_func_str()),
                        _make_method(impl, config))
            setattr(cls, name, None)
        if not cls.__dict__.get('_chainer_variants'):
            cls.__test__ = True
        return cls
    return decorator


def _make_method(impl, config):
    def method(self):
        return impl(self, config)
    method.__doc__ = impl.__doc__
    method.__qualname__ = getattr(impl, '__qualname__', 'method')
    for mark in config.get_pytest_marks():
        method = mark(method)
    return method
