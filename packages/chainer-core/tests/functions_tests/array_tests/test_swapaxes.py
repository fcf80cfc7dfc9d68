import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'axes': [(0, 1), (1, 2), (2, 0), (-1, 0), (-3, -2), (1, 1)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSwapaxes(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.swapaxes(x, *self.axes),

    def forward_expected(self, inputs):
        x, = inputs
        return x.swapaxes(*self.axes),


@pytest.mark.parametrize('axes', [(0, 3), (-4, 0)])
def test_swapaxes_invalid_type(axes):
    with pytest.raises(type_check.InvalidType):
        functions.swapaxes(numpy.zeros((2, 3, 4), numpy.float32), *axes)
