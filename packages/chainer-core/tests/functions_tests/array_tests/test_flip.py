import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape_axis': [
        ((3,), 0), ((2, 3), 1), ((2, 3), 0), ((2, 3, 4), 2),
        ((2, 3, 4), -1), ((2, 3, 4), -3),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFlip(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.flip(x, self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.flip(x, self.axis),


@pytest.mark.parametrize('shape,axis', [((), 0), ((2, 3), 2), ((2, 3), -3)])
def test_flip_invalid_type(shape, axis):
    with pytest.raises(type_check.InvalidType):
        functions.flip(numpy.zeros(shape, numpy.float32), axis)


def test_flip_axis_must_be_int():
    with pytest.raises(TypeError):
        functions.flip(numpy.zeros((2, 3), numpy.float32), 1.0)
