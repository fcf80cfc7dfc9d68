import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref(x, t, norm, reduce):
    x = x.astype(numpy.float64)
    s = numpy.ones_like(x)
    s[numpy.arange(len(t)), t] = -1
    loss = numpy.maximum(0, 1 + s * x)
    if norm == 'L2':
        loss = loss ** 2
    if reduce == 'mean':
        return numpy.asarray(loss.sum() / len(x))
    return loss


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'norm': ['L1', 'L2'],
    'reduce': ['mean', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestHinge(testing.FunctionTestCase):

    shape = (5, 4)

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x = numpy.random.uniform(-2, 2, self.shape)
        # keep away from the kinks at x = +-1
        near = numpy.abs(numpy.abs(x) - 1) < 0.1
        x[near] *= 1.3
        t = numpy.random.randint(0, self.shape[1], self.shape[0]).astype(numpy.int32)
        return x.astype(self.dtype), t

    def forward(self, inputs, device):
        x, t = inputs
        return F.hinge(x, t, self.norm, self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        return _ref(x, t, self.norm, self.reduce).astype(self.dtype),


def test_invalid_norm():
    with pytest.raises(NotImplementedError):
        F.hinge(numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.int32), norm='L3')


def test_invalid_reduce():
    with pytest.raises(ValueError):
        F.hinge(numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.int32),
                reduce='sum')


@pytest.mark.parametrize('x,t', [
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros(3, numpy.int32)),
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros(2, numpy.float32)),
    (numpy.zeros((2, 3, 1), numpy.float32), numpy.zeros(2, numpy.int32)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32)),
])
def test_invalid_type(x, t):
    with pytest.raises(type_check.InvalidType):
        F.hinge(x, t)
