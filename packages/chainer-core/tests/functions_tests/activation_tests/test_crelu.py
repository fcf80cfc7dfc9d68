import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product_dict(
    [{'shape': (5, 4), 'axis': 1},
     {'shape': (5, 4), 'axis': 0},
     {'shape': (3, 4, 2), 'axis': -1},
     {'shape': (3, 4, 2), 'axis': -3}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCReLU(testing.FunctionTestCase):

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
        return F.crelu(x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        x = x.astype(numpy.float64)
        y = numpy.concatenate((numpy.maximum(x, 0), numpy.maximum(-x, 0)), axis=self.axis)
        return y.astype(self.dtype),


def test_crelu_default_axis_doubles_axis_1():
    y = F.crelu(numpy.ones((2, 3, 4), numpy.float32))
    assert y.shape == (2, 6, 4)


@pytest.mark.parametrize('axis', [2, -3])
def test_crelu_invalid_axis(axis):
    with pytest.raises(type_check.InvalidType):
        F.crelu(numpy.zeros((2, 3), numpy.float32), axis=axis)


def test_crelu_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.crelu(numpy.zeros((2, 3), numpy.int32))
