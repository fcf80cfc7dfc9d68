import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import leaky_relu
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'slope': [0.2, -0.3, 0.0],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLeakyReLU(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape)
        x[numpy.abs(x) < 0.1] = 0.5
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.leaky_relu(x, slope=self.slope),

    def forward_expected(self, inputs):
        x, = inputs
        x = x.astype(numpy.float64)
        return numpy.where(x >= 0, x, self.slope * x).astype(self.dtype),


def test_leaky_relu_default_slope_and_grad():
    x = chainer.Variable(numpy.array([-1.0, 2.0], numpy.float32))
    y = F.leaky_relu(x)
    numpy.testing.assert_allclose(y.array, [-0.2, 2.0])
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    numpy.testing.assert_allclose(x.grad, [0.2, 1.0])


def test_leaky_relu_zero_slope_grad_is_zero_for_negative():
    x = chainer.Variable(numpy.array([-1.0, 2.0], numpy.float32))
    y = F.leaky_relu(x, slope=0.0)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [0.0, 1.0])


def test_leaky_relu_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.leaky_relu(numpy.zeros(3, numpy.int32))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', _FAST_SHAPES)
@pytest.mark.parametrize('func,low,high', [(lambda v, s=slope: F.leaky_relu(v, s), -1, 1)
                                         for slope in (0.2, 0.0, -0.5, 1.5)])
def test_fast_backward(dtype, shape, func, low, high):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(leaky_relu.LeakyReLU, func, [x], [gy])


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('slope', [0.3, -0.3, 0.0, 1.5])
def test_leaky_relu_grad_at_zero_is_the_slope_and_exact(dtype, slope):
    # as v7: the slope applies where x <= 0 (also at 0 and -0), and the gradient is
    # exactly 1 or the slope (no rounding of 1 - slope + slope)
    x = chainer.Variable(numpy.array([-1.0, 0.0, -0.0, 1.0], dtype))
    y = F.leaky_relu(x, slope)
    y.grad = numpy.ones(4, dtype)
    y.backward()
    s = dtype(slope)
    numpy.testing.assert_array_equal(x.grad, numpy.array([s, s, s, 1], dtype))
    numpy.testing.assert_array_equal(y.array, numpy.array([-s, 0, 0, 1], dtype))
