"""Backend configurations for tests: :class:`BackendConfig` and :func:`inject_backend_tests`."""
import functools
import inspect
import unittest

import chainer
from chainer import backend
from chainer.testing import _bundle
from chainer.testing import attr


class BackendConfig:
    """One backend setting under which a test runs (device and cuDNN/iDeep switches).

    Args:
        params (dict): Keys among ``use_chainerx``, ``chainerx_device``, ``use_cuda``,
            ``cuda_device``, ``use_cudnn``, ``cudnn_deterministic``, ``autotune``,
            ``cudnn_fast_batch_normalization`` and ``use_ideep``; the others keep their
            defaults (NumPy, no cuDNN, no iDeep).
    """

    _props = [
        ('use_chainerx', False),
        ('chainerx_device', None),
        ('use_cuda', False),
        ('cuda_device', None),
        ('use_cudnn', 'never'),
        ('cudnn_deterministic', False),
        ('autotune', False),
        ('cudnn_fast_batch_normalization', False),
        ('use_ideep', 'never'),
    ]
    _config_keys = ('use_cudnn', 'cudnn_deterministic', 'autotune',
                    'cudnn_fast_batch_normalization', 'use_ideep')
    _device = None

    def __init__(self, params):
        if not isinstance(params, dict):
            raise TypeError('params must be a dict.')
        known = dict(self._props)
        for key in params:
            if key not in known:
                raise ValueError('Parameter {} is not defined'.format(key))
        for key, default in self._props:
            setattr(self, key, params.get(key, default))
        self._contexts = []
        if self.use_chainerx and not isinstance(self.chainerx_device, str):
            raise AssertionError(
                "'chainerx_device' parameter is expected to be a string representing a "
                'ChainerX device specifier')
        if self.use_cuda and self.cuda_device is None:
            self.cuda_device = 0

    @property
    def xp(self):
        """Array module of this backend."""
        return self.device.xp

    @property
    def device(self):
        """The :class:`~chainer.backend.Device` of this backend."""
        if self._device is None:
            if self.use_chainerx:
                device = chainer.get_device(self.chainerx_device)
            elif self.use_cuda:
                device = chainer.get_device('@cupy:{}'.format(self.cuda_device))
            elif self.use_ideep != 'never':
                device = chainer.get_device('@intel64')
            else:
                device = backend.CpuDevice()
            self._device = device
        return self._device

    def __repr__(self):
        return '<BackendConfig {}>'.format(' '.join(
            '{}={!r}'.format(key, getattr(self, key)) for key, _ in self._props))

    def get_func_str(self):
        """The name of this backend as generated test classes carry it."""
        def text(value):
            if isinstance(value, bool):
                return 'true' if value else 'false'
            return str(value)
        return '__'.join(
            '{}_{}'.format(key, text(getattr(self, key))) for key, _ in self._props)

    def get_pytest_marks(self):
        """The test attributes (:mod:`chainer.testing.attr`) a test of this backend carries."""
        marks = []
        if self.use_chainerx:
            marks.append(attr.chainerx)
            kind, _, index = self.chainerx_device.partition(':')
            if kind == 'cuda':
                marks.append(attr.gpu)
                if int(index or 0) > 0:
                    marks.append(attr.multi_gpu(int(index) + 1))
            return marks
        if self.use_cuda:
            marks.append(attr.gpu)
            if self.use_cudnn != 'never':
                marks.append(attr.cudnn)
            if self.cuda_device > 0:
                marks.append(attr.multi_gpu(self.cuda_device + 1))
        elif self.use_ideep != 'never':
            marks.append(attr.ideep)
        return marks

    def unavailable_reason(self):
        """Why this machine cannot run this backend, or None if it can."""
        if self.use_chainerx:
            import chainerx
            if not chainerx.is_available():
                return 'ChainerX is not available'
            if self.chainerx_device.startswith('cuda'):
                return _cuda_unavailable_reason(_device_index(self.chainerx_device))
            return None
        if self.use_cuda:
            return _cuda_unavailable_reason(self.cuda_device)
        if self.use_ideep != 'never':
            from chainer.backends import intel64
            if not intel64.is_ideep_available():
                return 'iDeep is not available'
        return None

    def __enter__(self):
        contexts = [chainer.using_config(key, getattr(self, key)) for key in self._config_keys]
        contexts.append(chainer.using_device(self.device))
        for context in contexts:
            context.__enter__()
        self._contexts.append(contexts)
        return self

    def __exit__(self, typ, value, traceback):
        for context in reversed(self._contexts.pop()):
            context.__exit__(typ, value, traceback)

    def get_array(self, np_array):
        """Sends an array (or a list or tuple of arrays) to the device of this backend."""
        if isinstance(np_array, (tuple, list)):
            return type(np_array)(self.get_array(a) for a in np_array)
        if isinstance(np_array, chainer.Variable):
            np_array.to_device(self.device)
            return np_array
        if np_array is None:
            return None
        return self.device.send(np_array)


def _device_index(spec):
    _, _, index = spec.partition(':')
    return int(index or 0)


def _cuda_unavailable_reason(device_index):
    from chainer.backends import cuda
    if not cuda.available:
        return 'CUDA is not available'
    if device_index >= cuda.cupy.cuda.runtime.getDeviceCount():
        return '{} GPUs required'.format(device_index + 1)
    return None


def _without_first_argument(method):
    # The signature runners see (pytest looks up fixtures in it): the method's without the
    # backend config argument that follows ``self``.
    signature = inspect.signature(method)
    parameters = list(signature.parameters.values())
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    if len(parameters) >= 2 and parameters[1].kind in positional:
        del parameters[1]
    return signature.replace(parameters=parameters)


def _method_for(method, config):
    # The generated method passes ``config`` first, then what outer injections pass.
    @functools.wraps(method)
    def test_method(self, *args, **kwargs):
        reason = config.unavailable_reason()
        if reason is not None:
            raise unittest.SkipTest(reason)
        return method(self, config, *args, **kwargs)
    test_method.__signature__ = _without_first_argument(method)
    del test_method.__wrapped__
    for mark in config.get_pytest_marks():
        test_method = mark(test_method)
    return test_method


def inject_backend_tests(method_names, params):
    """Class decorator running test methods under each backend configuration.

    One class ``<Class>_<backend>`` is generated per configuration (see
    :meth:`BackendConfig.get_func_str`); in it each method named in ``method_names`` (every
    ``test*`` method when None) is called with the :class:`BackendConfig` as its argument,
    and the other test methods are removed. The methods carry the configuration's marks
    (``gpu``, ``cudnn``, ``chainerx``, ``ideep``, ...) and are skipped on a machine that cannot
    run the configuration. Stacked decorators pass one configuration each, the innermost
    first.

    Args:
        method_names (list of str or None): Test methods that take a backend config.
        params (list of dict): Arguments of :class:`BackendConfig`, one per configuration.
    """
    if not (method_names is None or isinstance(method_names, list)):
        raise TypeError('method_names must be either None or a list.')
    if not isinstance(params, list):
        raise TypeError('params must be a list of dicts.')
    configs = [BackendConfig(p) for p in params]

    def generate(base):
        names = method_names
        if names is None:
            names = _bundle._test_method_names(base)
        for config in configs:
            members = {}
            for name in _bundle._test_method_names(base):
                members[name] = _method_for(getattr(base, name), config) \
                    if name in names else None
            yield '{}_{}'.format(base.__name__, config.get_func_str()), members, None
    return _bundle.make_decorator(generate)
