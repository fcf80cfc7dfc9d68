import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(4, 3), (2, 3, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['sum_along_second_axis', 'no'],
    'delta': [0.5, 1.0],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestHuberLoss(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x = numpy.random.uniform(-2, 2, self.shape)
        t = numpy.random.uniform(-2, 2, self.shape)
        # keep |x - t| away from delta, where the second derivative jumps
        d = numpy.abs(x - t)
        close = numpy.abs(d - self.delta) < 0.1
        x[close] += numpy.sign(x - t)[close] * 0.3
        return x.astype(self.dtype), t.astype(self.dtype)

    def forward(self, inputs, device):
        x, t = inputs
        return F.huber_loss(x, t, self.delta, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        a = x.astype(numpy.float64) - t
        loss = numpy.where(numpy.abs(a) <= self.delta, 0.5 * a * a,
                           self.delta * (numpy.abs(a) - 0.5 * self.delta))
        if self.reduce == 'sum_along_second_axis':
            loss = loss.sum(axis=1)
        return loss.astype(self.dtype),


def test_invalid_reduce():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.huber_loss(x, x, 1.0, reduce='mean')


@pytest.mark.parametrize('x,t', [
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 2), numpy.float32)),
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float64)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32)),
])
def test_invalid_type(x, t):
    with pytest.raises(type_check.InvalidType):
        F.huber_loss(x, t, 1.0)
