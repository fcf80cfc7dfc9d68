import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import tanh
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(3, 2), (), (0, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTanh(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return numpy.random.uniform(-2, 2, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.tanh(x),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(numpy.tanh(x.astype(numpy.float64)), self.dtype),


def test_tanh_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.tanh(numpy.zeros(3, numpy.int32))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', _FAST_SHAPES)
@pytest.mark.parametrize('func,low,high', [(F.tanh, -2, 2)])
def test_fast_backward(dtype, shape, func, low, high):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(tanh.Tanh, func, [x], [gy])
