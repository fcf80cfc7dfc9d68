"""chainer.testing.parameterize / product / product_dict behave as in Chainer v7."""
import sys
import unittest

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.testing import condition


def _module_classes(prefix):
    return sorted(name for name in vars(sys.modules[__name__]) if name.startswith(prefix))


def _double(x):
    return x * 2


class TestProduct(unittest.TestCase):

    def test_dict_sorted_keys_last_fastest(self):
        assert testing.product({'b': [1, 2], 'a': [3, 4]}) == [
            {'a': 3, 'b': 1}, {'a': 3, 'b': 2}, {'a': 4, 'b': 1}, {'a': 4, 'b': 2}]

    def test_comma_joined_keys_spread_tuples(self):
        params = testing.product({
            'shape,dtype': [((2, 3), numpy.float32), ((), numpy.float16)],
            'axis': [0, None],
        })
        assert params[0] == {'axis': 0, 'shape': (2, 3), 'dtype': numpy.float32}
        assert params[3] == {'axis': None, 'shape': (), 'dtype': numpy.float16}
        assert len(params) == 4

    def test_comma_joined_key_keeps_spaces(self):
        # as v7: 'a, b' names 'a' and ' b'
        assert testing.product({'a, b': [(1, 2)]}) == [{'a': 1, ' b': 2}]
        assert testing.from_pytest_parameterize('a, b', [(1, 2)]) == [{'a': 1, ' b': 2}]

    def test_values_must_be_lists_or_tuples(self):
        # as v7
        assert testing.product({'a': (1, 2)}) == [{'a': 1}, {'a': 2}]
        for values in (range(2), numpy.array([1, 2]), 'xy', 1):
            with pytest.raises(AssertionError):
                testing.product({'a': values})
        assert testing.product({'a,b': [[1, 2]]}) == [{'a': 1, 'b': 2}]
        with pytest.raises(AssertionError):
            testing.product({'a,b': [{1: 2, 3: 4}]})
        with pytest.raises(AssertionError):
            testing.from_pytest_parameterize(['a', 'b'], [(1, 2)])

    def test_comma_joined_key_wrong_length(self):
        with pytest.raises(AssertionError):
            testing.product({'a,b': [(1, 2, 3)]})

    def test_empty(self):
        assert testing.product({}) == [{}]
        assert testing.product([]) == [{}]
        assert testing.product({'a': []}) == []
        assert testing.product_dict() == [{}]

    def test_list_of_lists(self):
        assert testing.product([[{'a': 1}, {'a': 2}], [{'b': 3}]]) == [
            {'a': 1, 'b': 3}, {'a': 2, 'b': 3}]
        assert testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 1}, {'c': 2}]) == [
            {'a': 1, 'b': 1}, {'a': 1, 'c': 2}, {'a': 2, 'b': 1}, {'a': 2, 'c': 2}]
        assert testing.product_dict([{'a': 1}], [{'a': 2}]) == [{'a': 2}]

    def test_invalid(self):
        with pytest.raises(TypeError):
            testing.product(({'a': [1]},))
        with pytest.raises(TypeError):
            testing.product([{'a': 1}])
        with pytest.raises(TypeError):
            testing.product(3)

    def test_from_pytest_parameterize(self):
        assert testing.from_pytest_parameterize('a,b', [(1, 2), (3, 4)]) == [
            {'a': 1, 'b': 2}, {'a': 3, 'b': 4}]
        assert testing.from_pytest_parameterize('a', [1, (2,)]) == [{'a': 1}, {'a': (2,)}]
        with pytest.raises(AssertionError):
            testing.from_pytest_parameterize('a,b', [(1,)])


@testing.parameterize(*testing.product({
    'shape,dtype': [((2, 3), numpy.float32), ((), numpy.float16)],
    'function,scale': [(F.relu, 1), (_double, 2)],
}))
class TestParameterizedAttributes(unittest.TestCase):

    def test_values_are_class_attributes(self):
        assert self.shape in ((2, 3), ())
        assert self.dtype in (numpy.float32, numpy.float16)
        assert type(self).shape == self.shape

    def test_function_values_are_called_as_plain_functions(self):
        x = numpy.ones(self.shape, self.dtype)
        y = self.function(x)
        numpy.testing.assert_array_equal(getattr(y, 'array', y), x * self.scale)


def test_generated_class_names():
    names = _module_classes('TestParameterizedAttributes')
    assert names == [
        'TestParameterizedAttributes',
        'TestParameterizedAttributes_param_0_{dtype=float32, function=relu, scale=1, '
        'shape=(2, 3)}',
        'TestParameterizedAttributes_param_1_{dtype=float16, function=relu, scale=1, shape=()}',
        'TestParameterizedAttributes_param_2_{dtype=float32, function=_double, scale=2, '
        'shape=(2, 3)}',
        'TestParameterizedAttributes_param_3_{dtype=float16, function=_double, scale=2, '
        'shape=()}',
    ]
    generated = vars(sys.modules[__name__])[names[3]]
    assert generated.__mro__[1].__name__ == 'TestParameterizedAttributes'
    assert generated.dtype is numpy.float32 and generated.shape == (2, 3)
    # The decorated name no longer denotes a class: it is not collected itself.
    assert not isinstance(TestParameterizedAttributes, type)


def test_class_names_shorten_long_values():
    class Case(unittest.TestCase):
        pass
    Case.__module__ = __name__
    value = ''.join('{}{}'.format(chr(ord('a') + i % 26), i // 26) for i in range(60))
    testing.parameterize({'v': value}, {'v': 'y' * 98}, {'a': 1, 'b': 'x' * 6000})(Case)
    module = vars(sys.modules[__name__])
    try:
        long_name = "Case_param_0_{v='" + value[:47] + '...' + value[-48:] + "'}"
        assert long_name in module
        assert "Case_param_1_{v='" + 'y' * 98 + "'}" in module
        assert "Case_param_2_{a=1, b='" + 'x' * 47 + '...' + 'x' * 48 + "'}" in module
    finally:
        for name in [n for n in module if n.startswith('Case_param_')]:
            del module[name]


@testing.parameterize({'x': 1}, {'x': 2})
@testing.parameterize({'y': 10}, {'y': 20})
class TestStackedParameterize(unittest.TestCase):

    def test_attrs(self):
        assert self.x in (1, 2) and self.y in (10, 20)


def test_stacked_parameterize_names():
    assert _module_classes('TestStackedParameterize') == [
        'TestStackedParameterize',
        'TestStackedParameterize_param_0_{y=10}_param_0_{x=1}',
        'TestStackedParameterize_param_0_{y=10}_param_1_{x=2}',
        'TestStackedParameterize_param_1_{y=20}_param_0_{x=1}',
        'TestStackedParameterize_param_1_{y=20}_param_1_{x=2}',
    ]


class _Unbuildable(Exception):
    def __init__(self, a, b):
        super().__init__(a, b)


@testing.parameterize({'a': 1})
class _Failing(unittest.TestCase):
    # Run by the tests below, not collected.
    __test__ = False

    def test_fails(self):
        raise ValueError('bad {}'.format(self.a))

    def test_custom_exception(self):
        raise _Unbuildable(1, 2)

    def test_skips(self):
        self.skipTest('skipped')


def _run_generated(method):
    klass = vars(sys.modules[__name__])['_Failing_param_0_{a=1}']
    return condition.QuietTestRunner().run(unittest.TestSuite([klass(method)]))


def test_failure_reports_parameters():
    result = _run_generated('test_fails')
    message = result.errors[0][1]
    assert 'ValueError: Parameterized test failed.' in message
    assert 'Base test method: _Failing.test_fails' in message
    assert 'Test parameters:\n  a: 1\n' in message
    assert '(caused by)\nValueError: bad 1' in message


def test_failure_keeps_unbuildable_exception():
    result = _run_generated('test_custom_exception')
    assert '_Unbuildable' in result.errors[0][1]
    assert 'Test parameters' in result.errors[0][1]


def test_skip_passes_through():
    result = _run_generated('test_skips')
    assert len(result.skipped) == 1 and not result.errors


def test_str_shows_parameters():
    klass = vars(sys.modules[__name__])['_Failing_param_0_{a=1}']
    assert str(klass('test_fails')).endswith("  parameter: {'a': 1}")


@testing.parameterize_pytest('x,y', [(1, 2), (3, 4)])
class TestParameterizePytest(unittest.TestCase):

    def test_values(self):
        assert self.y == self.x + 1


def test_parameterize_pytest_generated_classes():
    assert _module_classes('TestParameterizePytest_') == [
        'TestParameterizePytest_param_0_{x=1, y=2}', 'TestParameterizePytest_param_1_{x=3, y=4}']


@testing.parameterize({'a': 1})
class TestPytestStyleClass:

    def test_value(self):
        assert self.a == 1


def test_pytest_style_class_generated():
    assert _module_classes('TestPytestStyleClass_') == ['TestPytestStyleClass_param_0_{a=1}']


@pytest.fixture
def forty_two():
    return 42


@testing.parameterize({'a': 1})
class TestPytestFixtures:

    def test_fixture_reaches_the_method(self, forty_two):
        assert (self.a, forty_two) == (1, 42)
