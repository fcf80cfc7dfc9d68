import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _cov(y, z):
    y = y.astype(numpy.float64)
    z = z.astype(numpy.float64)
    yc = y - y.mean(axis=0)
    zc = z - z.mean(axis=0)
    return yc.T.dot(zc) / len(y)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['half_squared_sum', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCrossCovariance(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        y = numpy.random.uniform(-1, 1, (4, 3)).astype(self.dtype)
        z = numpy.random.uniform(-1, 1, (4, 2)).astype(self.dtype)
        return y, z

    def forward(self, inputs, device):
        y, z = inputs
        return F.cross_covariance(y, z, reduce=self.reduce),

    def forward_expected(self, inputs):
        c = _cov(*inputs)
        if self.reduce == 'half_squared_sum':
            c = numpy.asarray(0.5 * (c ** 2).sum())
        return c.astype(self.dtype),


def test_invalid_reduce():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.cross_covariance(x, x, reduce='mean')


@pytest.mark.parametrize('y,z', [
    (numpy.zeros((2, 3), 'f'), numpy.zeros((3, 3), 'f')),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')),
    (numpy.zeros(3, 'f'), numpy.zeros(3, 'f')),
    (numpy.zeros((2, 3), 'i'), numpy.zeros((2, 3), 'i')),
])
def test_invalid_type(y, z):
    with pytest.raises(type_check.InvalidType):
        F.cross_covariance(y, z)
