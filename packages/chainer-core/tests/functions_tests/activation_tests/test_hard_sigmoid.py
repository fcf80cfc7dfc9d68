import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}])
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
