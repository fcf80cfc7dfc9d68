import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['half_squared_sum', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeCov(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (4, 3)).astype(self.dtype),

    def forward(self, inputs, device):
        h, = inputs
        return F.decov(h, reduce=self.reduce),

    def forward_expected(self, inputs):
        h = inputs[0].astype(numpy.float64)
        hc = h - h.mean(axis=0)
        c = hc.T.dot(hc) / len(h)
        c[numpy.diag_indices(3)] = 0
        if self.reduce == 'half_squared_sum':
            c = numpy.asarray(0.5 * (c ** 2).sum())
        return c.astype(self.dtype),


def test_invalid():
    with pytest.raises(ValueError):
        F.decov(numpy.zeros((2, 3), 'f'), reduce='mean')
    with pytest.raises(type_check.InvalidType):
        F.decov(numpy.zeros(3, 'f'))
    with pytest.raises(type_check.InvalidType):
        F.decov(numpy.zeros((2, 3), 'i'))
