import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import clipped_relu
from chainer.testing._fast_backward import check_fast_backward


def _inputs(shape, dtype, z):
    x = numpy.random.uniform(-1, z + 1, shape)
    bad = (numpy.abs(x) < 0.1) | (numpy.abs(x - z) < 0.1)
    x[bad] = z / 2
    return x.astype(dtype)


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'z': [0.75, 20.0],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestClippedReLU(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return _inputs(self.shape, self.dtype, self.z),

    def forward(self, inputs, device):
        x, = inputs
        return F.clipped_relu(x, self.z),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(numpy.clip(x.astype(numpy.float64), 0, self.z), self.dtype),


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestReLU6(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return _inputs((4, 3), self.dtype, 6.0),

    def forward(self, inputs, device):
        x, = inputs
        return F.relu6(x),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(numpy.clip(x.astype(numpy.float64), 0, 6), self.dtype),


def test_clipped_relu_default_z():
    x = numpy.array([-1.0, 5.0, 25.0], numpy.float32)
    numpy.testing.assert_array_equal(F.clipped_relu(x).array, [0.0, 5.0, 20.0])


def test_clipped_relu_z_must_be_float():
    with pytest.raises(TypeError):
        F.clipped_relu(numpy.zeros(3, numpy.float32), 1)


def test_clipped_relu_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.clipped_relu(numpy.zeros(3, numpy.int32))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', _FAST_SHAPES)
@pytest.mark.parametrize('func,low,high', [
    (lambda v: F.clipped_relu(v, 0.75), -2, 8), (F.relu6, -2, 8)])
def test_fast_backward(dtype, shape, func, low, high):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(clipped_relu.ClippedReLU, func, [x], [gy])
