import sys
import unittest

import numpy
import pytest

from chainer import testing


def test_product_dict_and_list_forms():
    assert testing.product({'a': [1, 2], 'b': [3]}) == [{'a': 1, 'b': 3}, {'a': 2, 'b': 3}]
    assert testing.product([[{'a': 1}, {'a': 2}], [{'b': 3}]]) == [
        {'a': 1, 'b': 3}, {'a': 2, 'b': 3}]
    assert testing.product_dict([{'a': 1}], [{'b': 2}, {'b': 3}]) == [
        {'a': 1, 'b': 2}, {'a': 1, 'b': 3}]


@testing.parameterize({'x': 1}, {'x': 2})
@testing.parameterize({'y': 10}, {'y': 20})
class TestStackedParameterize(unittest.TestCase):

    def test_attrs(self):
        assert self.x in (1, 2) and self.y in (10, 20)


def test_stacked_parameterize_generates_cross_product():
    module = sys.modules[__name__]
    names = [n for n in dir(module) if n.startswith('TestStackedParameterize_')]
    assert len(names) == 4
    assert getattr(module, 'TestStackedParameterize').__test__ is False


class TestCondition(unittest.TestCase):

    def test_retry_succeeds_eventually(self):
        calls = []

        @testing.condition.retry(3)
        def flaky():
            calls.append(1)
            assert len(calls) >= 2
        flaky()
        assert len(calls) == 2

    def test_repeat_fails_on_any_failure(self):
        calls = []

        @testing.condition.repeat(3)
        def sometimes():
            calls.append(1)
            assert len(calls) != 2
        with pytest.raises(AssertionError):
            sometimes()


def test_fix_random_is_deterministic():
    @testing.fix_random()
    def draw():
        return numpy.random.rand(3)
    numpy.testing.assert_array_equal(draw(), draw())


def test_assert_allclose_message():
    testing.assert_allclose(numpy.ones(3), numpy.ones(3) + 1e-7)
    with pytest.raises(AssertionError, match='max violation'):
        testing.assert_allclose(numpy.ones(3), numpy.array([1, 2, 1.]))


def test_backend_config():
    config = testing.BackendConfig({})
    assert config.xp is numpy
    assert config.get_pytest_marks() == []
    gpu = testing.BackendConfig({'use_cuda': True})
    assert [m.name for m in gpu.get_pytest_marks()] == ['gpu']
    with pytest.raises(ValueError):
        testing.BackendConfig({'nonsense': 1})
    with config:
        import chainer
        assert chainer.config.use_cudnn == 'never'


@testing.inject_backend_tests(['test_method'], [{}, {'use_cuda': True}])
class TestInjected(unittest.TestCase):

    def test_method(self, backend_config):
        assert isinstance(backend_config, testing.BackendConfig)
        assert not backend_config.use_cuda


def test_injection_generated_methods():
    names = [n for n in dir(TestInjected) if n.startswith('test_method__')]
    assert names == ['test_method__0_numpy', 'test_method__1_cupy0']
    marks = getattr(getattr(TestInjected, names[1]), 'pytestmark', [])
    assert [m.name for m in marks] == ['gpu']


@testing.inject_backend_tests(None, [{}])
class TestSkipFlagRemovesTest(testing.FunctionTestCase):
    skip_backward_test = True
    skip_double_backward_test = True

    def generate_inputs(self):
        return numpy.ones((2,), 'f'),

    def forward(self, inputs, device):
        return inputs[0] * 2,

    def forward_expected(self, inputs):
        return inputs[0] * 2,


def test_skip_flags_remove_methods():
    assert callable(TestSkipFlagRemovesTest.test_forward__0_numpy)
    assert getattr(TestSkipFlagRemovesTest, 'test_backward__0_numpy', None) is None


def test_function_test_case_detects_wrong_forward():
    class Wrong(testing.FunctionTestCase):
        def generate_inputs(self):
            return numpy.ones((2,), 'f'),

        def forward(self, inputs, device):
            return inputs[0] * 2,

        def forward_expected(self, inputs):
            return inputs[0] * 3,
    case = Wrong('test_forward')
    with pytest.raises(AssertionError):
        case.test_forward(testing.BackendConfig({}))
