import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import hard_sigmoid
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestHardSigmoid(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-3.5, 3.5, self.shape)
        x[numpy.abs(numpy.abs(x) - 2.5) < 0.1] = 1.0
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.hard_sigmoid(x),

    def forward_expected(self, inputs):
        x, = inputs
        y = numpy.clip(x.astype(numpy.float64) * 0.2 + 0.5, 0, 1)
        return numpy.asarray(y, self.dtype),


def test_hard_sigmoid_values():
    x = numpy.array([-3.0, -2.5, 0.0, 1.0, 2.5, 3.0], numpy.float64)
    numpy.testing.assert_allclose(F.hard_sigmoid(x).array, [0, 0, 0.5, 0.7, 1, 1])


def test_hard_sigmoid_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.hard_sigmoid(numpy.zeros(3, numpy.int32))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', _FAST_SHAPES)
@pytest.mark.parametrize('func,low,high', [(F.hard_sigmoid, -4, 4)])
def test_fast_backward(dtype, shape, func, low, high):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(hard_sigmoid.HardSigmoid, func, [x], [gy])
