"""chainer.testing.unary_math_function_unittest generates v7's tests."""
import sys
import unittest

import numpy
import pytest

import chainer.functions as F
from chainer import testing


@testing.unary_math_function_unittest(F.exp)
class TestExp(unittest.TestCase):
    pass


def _make_data(shape, dtype):
    x = numpy.random.uniform(0.5, 1, shape).astype(dtype)
    return x, numpy.ones(shape, dtype), numpy.ones(shape, dtype)


def _identity(x, dtype=None):
    return x


@testing.unary_math_function_unittest(
    F.sqrt, make_data=_make_data, forward_options={'atol': 1e-3})
class TestSqrt(unittest.TestCase):
    pass


def test_generated_classes_and_methods():
    names = sorted(n for n in vars(sys.modules[__name__]) if n.startswith('TestExp_'))
    assert names == [
        'TestExp_param_0_{dtype=float16, shape=(3, 2)}',
        'TestExp_param_1_{dtype=float16, shape=()}',
        'TestExp_param_2_{dtype=float32, shape=(3, 2)}',
        'TestExp_param_3_{dtype=float32, shape=()}',
        'TestExp_param_4_{dtype=float64, shape=(3, 2)}',
        'TestExp_param_5_{dtype=float64, shape=()}',
    ]
    klass = vars(sys.modules[__name__])[names[2]]
    methods = sorted(n for n in dir(klass) if n.startswith('test'))
    assert methods == ['test_backward_cpu', 'test_backward_gpu', 'test_double_backward_cpu',
                       'test_double_backward_gpu', 'test_forward_cpu', 'test_forward_gpu']
    assert [m.name for m in klass.test_forward_gpu.pytestmark] == ['gpu']


def test_set_up_options():
    klass = vars(sys.modules[__name__])['TestSqrt_param_0_{dtype=float16, shape=(3, 2)}']
    case = klass('test_forward_cpu')
    case.setUp()
    assert case.x.shape == (3, 2) and case.x.dtype == numpy.float16
    assert case.forward_options == {'atol': 1e-3, 'rtol': 2 ** -10}
    assert case.backward_options == {
        'eps': 2 ** -4, 'atol': 2 ** -4, 'rtol': 2 ** -4, 'dtype': numpy.float64}
    klass = vars(sys.modules[__name__])['TestSqrt_param_4_{dtype=float64, shape=(3, 2)}']
    case = klass('test_forward_cpu')
    case.setUp()
    assert case.backward_options == {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}


def test_label_of_new_style_functions_is_refused():
    with pytest.raises(ValueError, match='does not have its label'):
        testing.unary_math_function_unittest(F.cos, label_expected='cos')


def test_is_linear_is_deprecated():
    with pytest.warns(DeprecationWarning, match='is_linear option is deprecated'):
        testing.unary_math_function_unittest(F.identity, func_expected=_identity,
                                             is_linear=True)
