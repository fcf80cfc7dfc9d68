"""Tests of softmax, and those shared with log_softmax (see also test_log_softmax.py)."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import softmax
from chainer.testing._fast_backward import check_fast_backward


def _ref_softmax(x, axis):
    x = x.astype(numpy.float64)
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _ref_log_softmax(x, axis):
    x = x.astype(numpy.float64)
    m = x.max(axis=axis, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=axis, keepdims=True))


# name -> (function, float64 reference)
_FUNCTIONS = {
    'softmax': (F.softmax, _ref_softmax),
    'log_softmax': (F.log_softmax, _ref_log_softmax),
}


@testing.parameterize(*testing.product_dict(
    [{'function': 'softmax'}, {'function': 'log_softmax'}],
    [{'shape': (2, 3), 'axis': 1},
     {'shape': (2, 3), 'axis': 0},
     {'shape': (2, 2, 3), 'axis': 2},
     {'shape': (2, 2, 3), 'axis': -2},
     {'shape': (0, 3), 'axis': 1}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSoftmaxAndLogSoftmax(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return _FUNCTIONS[self.function][0](x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return _FUNCTIONS[self.function][1](x, self.axis).astype(self.dtype),


def test_softmax_stable_for_large_inputs():
    x = numpy.array([[1000.0, 1000.0, -1000.0]], numpy.float32)
    with numpy.errstate(over='raise'):
        y = F.softmax(x).array
    numpy.testing.assert_allclose(y, [[0.5, 0.5, 0.0]])


@pytest.mark.parametrize('name', sorted(_FUNCTIONS))
def test_default_axis_is_1(name):
    function, ref = _FUNCTIONS[name]
    x = numpy.random.uniform(-1, 1, (2, 3, 4))
    numpy.testing.assert_allclose(function(x).array, ref(x, 1))


@pytest.mark.parametrize('name', sorted(_FUNCTIONS))
@pytest.mark.parametrize('axis', [2, -3])
def test_invalid_axis(name, axis):
    with pytest.raises(type_check.InvalidType):
        _FUNCTIONS[name][0](numpy.zeros((2, 3), numpy.float32), axis=axis)


@pytest.mark.parametrize('name', sorted(_FUNCTIONS))
def test_invalid_dtype(name):
    with pytest.raises(type_check.InvalidType):
        _FUNCTIONS[name][0](numpy.zeros((2, 3), numpy.int32))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,axis', [
    ((3, 4), 1), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), 2), ((4,), 0), ((0, 3), 1)])
def test_fast_backward(dtype, shape, axis):
    x = _uniform(shape, dtype, -2, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(softmax.Softmax, lambda v: F.softmax(v, axis), [x], [gy])
