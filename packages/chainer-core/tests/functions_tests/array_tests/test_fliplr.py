import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(2, 3), (2, 3, 4), (1, 4, 2, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFlipLR(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        a, = inputs
        return functions.fliplr(a),

    def forward_expected(self, inputs):
        a, = inputs
        return numpy.fliplr(a),


def test_fliplr_invalid_type():
    with pytest.raises(type_check.InvalidType):
        functions.fliplr(numpy.zeros((3,), numpy.float32))


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.uint8, numpy.bool_])
def test_fliplr_needs_floats(dtype):
    # as v7 (F.flip takes any dtype)
    with pytest.raises(type_check.InvalidType, match='Expect: a.dtype.kind == f'):
        functions.fliplr(numpy.zeros((2, 3), dtype))
