"""absolute_error, squared_error (and squared_difference), mean_absolute_error."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.loss import absolute_error
from chainer.functions.loss import mean_absolute_error
from chainer.functions.loss import squared_error
from chainer.testing._fast_backward import check_fast_backward


def _refs(name, x0, x1):
    diff = x0.astype(numpy.float64) - x1
    if name == 'absolute_error':
        return numpy.abs(diff)
    if name in ('squared_error', 'squared_difference'):
        return diff * diff
    return numpy.asarray(numpy.abs(diff).mean())


@testing.parameterize(*testing.product({
    'name': ['absolute_error', 'squared_error', 'squared_difference', 'mean_absolute_error'],
    'shape': [(4, 3), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestElementwiseErrors(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x0 = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        # keep |x0 - x1| away from the kink of the absolute value
        shift = numpy.random.choice([-1, 1], self.shape) * numpy.random.uniform(
            0.2, 1, self.shape)
        return x0, numpy.asarray(x0 + shift).astype(self.dtype)

    def forward(self, inputs, device):
        x0, x1 = inputs
        return getattr(F, self.name)(x0, x1),

    def forward_expected(self, inputs):
        x0, x1 = inputs
        return numpy.asarray(_refs(self.name, x0, x1), self.dtype),


@pytest.mark.parametrize('name', [
    'absolute_error', 'squared_error', 'squared_difference', 'mean_absolute_error'])
@pytest.mark.parametrize('a,b', [
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((3, 2), numpy.float32)),
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float16)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32)),
])
def test_invalid_type(name, a, b):
    with pytest.raises(type_check.InvalidType):
        getattr(F, name)(a, b)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _pair(shape, dtype):
    return _uniform(shape, dtype, 0), _uniform(shape, dtype, 1)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), ()])
def test_fast_backward_of_mean_absolute_error(dtype, shape):
    x0, x1 = _pair(shape, dtype)
    check_fast_backward(mean_absolute_error.MeanAbsoluteError, F.mean_absolute_error,
                        [x0, x1], [_uniform((), dtype, 2)])


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
def test_fast_backward_of_absolute_error(dtype, shape):
    x0, x1 = _pair(shape, dtype)
    check_fast_backward(absolute_error.AbsoluteError, F.absolute_error, [x0, x1],
                        [_uniform(shape, dtype, 2)])


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
@pytest.mark.parametrize('func', [F.squared_error, F.squared_difference])
def test_fast_backward_of_squared_error(dtype, shape, func):
    x0, x1 = _pair(shape, dtype)
    check_fast_backward(squared_error.SquaredError, func, [x0, x1],
                        [_uniform(shape, dtype, 2)])


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward_of_squared_error_second_input_only(dtype):
    x0, x1 = _pair((3, 4), dtype)
    check_fast_backward(squared_error.SquaredError, lambda b: F.squared_error(x0, b), [x1],
                        [_uniform((3, 4), dtype, 2)])


@pytest.mark.filterwarnings('error::RuntimeWarning')
def test_mean_absolute_error_float16_sums_in_a_wider_type():
    # as v7: a float16 mean whose float16 sum would overflow (60000 * 300) is still exact
    x0 = numpy.full((200, 300), 300, numpy.float16)
    x1 = numpy.zeros((200, 300), numpy.float16)
    y = F.mean_absolute_error(x0, x1)
    assert y.dtype == numpy.float16
    assert y.array == 300
