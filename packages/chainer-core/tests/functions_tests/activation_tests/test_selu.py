import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

_ALPHA = 1.6732632423543772848170429916717
_SCALE = 1.0507009873554804934193349852946


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'params': [(None, None), (1.5, 2.0)],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSELU(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-2, 2, self.shape)
        x[numpy.abs(x) < 0.1] = 0.5
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        alpha, scale = self.params
        if alpha is None:
            return F.selu(x),
        return F.selu(x, alpha=alpha, scale=scale),

    def forward_expected(self, inputs):
        x, = inputs
        alpha, scale = self.params
        if alpha is None:
            alpha, scale = _ALPHA, _SCALE
        x = x.astype(numpy.float64)
        y = scale * numpy.where(x > 0, x, alpha * numpy.expm1(x))
        return numpy.asarray(y, self.dtype),


def test_selu_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.selu(numpy.zeros(3, numpy.int32))
