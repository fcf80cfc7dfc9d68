"""chainer.testing.BackendConfig and inject_backend_tests behave as in Chainer v7."""
import sys
import unittest

import numpy
import pytest

import chainer
from chainer import testing
from chainer.testing import condition

_NUMPY = ('use_chainerx_false__chainerx_device_None__use_cuda_false__cuda_device_None__'
          'use_cudnn_never__cudnn_deterministic_false__autotune_false__'
          'cudnn_fast_batch_normalization_false__use_ideep_never')
_CUDA = _NUMPY.replace('use_cuda_false__cuda_device_None', 'use_cuda_true__cuda_device_0')
_IDEEP = _NUMPY.replace('use_ideep_never', 'use_ideep_always')


def _mark_names(function):
    return [m.name for m in getattr(function, 'pytestmark', [])]


def _generated(name):
    return vars(sys.modules[__name__])[name]


class TestBackendConfig(unittest.TestCase):

    def test_defaults(self):
        config = testing.BackendConfig({})
        assert (config.use_chainerx, config.chainerx_device) == (False, None)
        assert (config.use_cuda, config.cuda_device) == (False, None)
        assert config.use_cudnn == 'never' and config.use_ideep == 'never'
        assert not config.cudnn_deterministic and not config.autotune
        assert not config.cudnn_fast_batch_normalization
        assert config.xp is numpy
        assert str(config.device) == '@numpy'
        assert config.get_func_str() == _NUMPY

    def test_repr(self):
        assert repr(testing.BackendConfig({'use_cuda': True})) == (
            "<BackendConfig use_chainerx=False chainerx_device=None use_cuda=True "
            "cuda_device=0 use_cudnn='never' cudnn_deterministic=False autotune=False "
            "cudnn_fast_batch_normalization=False use_ideep='never'>")

    def test_invalid(self):
        with pytest.raises(ValueError):
            testing.BackendConfig({'nonsense': 1})
        with pytest.raises(AssertionError):
            testing.BackendConfig({'use_chainerx': True})
        with pytest.raises(AssertionError):
            testing.BackendConfig({'use_chainerx': True, 'chainerx_device': 0})

    def test_marks(self):
        def marks(params):
            def f():
                pass
            for mark in testing.BackendConfig(params).get_pytest_marks():
                f = mark(f)
            return sorted(_mark_names(f))

        assert marks({}) == []
        assert marks({'use_ideep': 'always'}) == ['ideep']
        assert marks({'use_cuda': True}) == ['gpu']
        assert marks({'use_cuda': True, 'use_cudnn': 'always'}) == ['cudnn', 'gpu']
        assert marks({'use_cuda': True, 'cuda_device': 1}) == ['gpu', 'gpu']
        assert marks({'use_chainerx': True, 'chainerx_device': 'native:0'}) == ['chainerx']
        assert marks({'use_chainerx': True, 'chainerx_device': 'cuda:0'}) == [
            'chainerx', 'gpu']

    def test_config_context(self):
        config = testing.BackendConfig({'autotune': True, 'cudnn_deterministic': True})
        with config as entered:
            assert entered is config
            assert chainer.config.autotune and chainer.config.cudnn_deterministic
            assert chainer.config.use_cudnn == 'never'
        assert not chainer.config.autotune

    def test_get_array(self):
        config = testing.BackendConfig({})
        a = numpy.ones(2)
        assert config.get_array(a) is a
        assert config.get_array(None) is None
        pair = config.get_array((a, None))
        assert isinstance(pair, tuple) and pair[0] is a and pair[1] is None
        assert isinstance(config.get_array([a]), list)


@testing.inject_backend_tests(
    ['test_method'], [{}, {'use_cuda': True}, {'use_ideep': 'always'}])
class TestInjected(unittest.TestCase):

    def test_method(self, backend_config):
        assert isinstance(backend_config, testing.BackendConfig)
        assert backend_config.xp is not None

    def test_not_injected(self):
        raise AssertionError('not listed in method_names: removed from the variants')


def test_generated_classes():
    names = sorted(n for n in vars(sys.modules[__name__]) if n.startswith('TestInjected_'))
    assert names == sorted('TestInjected_' + s for s in (_NUMPY, _CUDA, _IDEEP))
    numpy_case = _generated('TestInjected_' + _NUMPY)
    assert numpy_case.test_not_injected is None
    assert _mark_names(numpy_case.test_method) == []
    assert _mark_names(_generated('TestInjected_' + _CUDA).test_method) == ['gpu']
    assert _mark_names(_generated('TestInjected_' + _IDEEP).test_method) == ['ideep']
    assert not isinstance(TestInjected, type)


@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
@testing.inject_backend_tests(None, [{}, {'use_ideep': 'always'}])
class TestStackedInjection(unittest.TestCase):

    def test_two_configs(self, inner_config, outer_config):
        assert isinstance(inner_config, testing.BackendConfig)
        assert isinstance(outer_config, testing.BackendConfig)


def test_stacked_injection():
    names = sorted(n for n in vars(sys.modules[__name__])
                   if n.startswith('TestStackedInjection_'))
    assert len(names) == 4
    name = 'TestStackedInjection_{}_{}'.format(_IDEEP, _CUDA)
    assert name in names
    method = _generated(name).test_two_configs
    assert sorted(_mark_names(method)) == ['gpu', 'ideep']


@testing.parameterize({'a': 1}, {'a': 2})
@testing.inject_backend_tests(None, [{}])
class TestParameterizedInjection(unittest.TestCase):

    def test_both(self, backend_config):
        assert self.a in (1, 2) and backend_config.xp is numpy


def test_parameterize_over_injection_names():
    names = sorted(n for n in vars(sys.modules[__name__])
                   if n.startswith('TestParameterizedInjection_'))
    assert names == ['TestParameterizedInjection_{}_param_{}_{{a={}}}'.format(_NUMPY, i, i + 1)
                     for i in range(2)]


def test_invalid_arguments():
    class Case(unittest.TestCase):
        def test_a(self, backend_config):
            pass
    with pytest.raises(TypeError):
        testing.inject_backend_tests('test_a', [{}])
    with pytest.raises(TypeError):
        testing.inject_backend_tests(None, {'use_cuda': [False, True]})
    with pytest.raises(TypeError):
        testing.inject_backend_tests(None, ({},))


class _Unavailable(unittest.TestCase):
    # Run by the test below, not collected.
    __test__ = False
    calls = []

    def test_record(self, backend_config):
        self.calls.append(backend_config)


def test_configs_the_machine_cannot_run_are_skipped():
    from chainer.backends import cuda
    from chainer.backends import intel64
    import chainerx
    bundle = testing.inject_backend_tests(None, [
        {'use_cuda': True},
        {'use_ideep': 'always'},
        {'use_chainerx': True, 'chainerx_device': 'native:0'},
    ])(_Unavailable)
    expected_runs = [cuda.available, intel64.is_ideep_available(), chainerx.is_available()]
    try:
        suite = unittest.TestSuite(case.klass('test_record') for case in bundle.cases)
        result = condition.QuietTestRunner().run(suite)
        assert len(result.skipped) == expected_runs.count(False)
        assert len(_Unavailable.calls) == expected_runs.count(True)
    finally:
        for case in bundle.cases:
            del vars(sys.modules[__name__])[case.class_name]


@pytest.fixture
def forty_two():
    return 42


@testing.parameterize({'a': 1})
@testing.inject_backend_tests(None, [{}])
class TestInjectionWithFixtures:

    def test_fixture_and_config(self, backend_config, forty_two):
        assert (self.a, forty_two, backend_config.xp) == (1, 42, numpy)
