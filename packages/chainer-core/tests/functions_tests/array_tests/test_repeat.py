import numpy
import pytest

from chainer import functions
from chainer import testing


@testing.parameterize(*testing.product({
    'params': [
        ((3,), 2, None), ((3,), (2,), 0), ((3,), (1, 0, 2), 0),
        ((2, 3), 2, None), ((2, 3), (3, 1, 2), 1), ((2, 3), (2, 3), 0),
        ((2, 3), 2, -1), ((2, 3), (0,), 1), ((2, 3), (2, 0, 1), -1),
        ((2, 1, 3), 3, 1), ((), 3, None), ((2, 3), 0, None),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestRepeat(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.repeats, self.axis = self.params
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.repeat(x, self.repeats, self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.repeat(x, self.repeats, self.axis),


@pytest.mark.parametrize('repeats,axis', [
    (1.0, None), ([2], None), ((1, 1.0), 0), (2, 1.0), (2, '0'),
])
def test_repeat_type_error(repeats, axis):
    with pytest.raises(TypeError):
        functions.repeat(numpy.zeros((2, 3), numpy.float32), repeats, axis)


@pytest.mark.parametrize('repeats', [-1, (1, -1)])
def test_repeat_value_error(repeats):
    with pytest.raises(ValueError):
        functions.repeat(numpy.zeros((2,), numpy.float32), repeats, 0)


@pytest.mark.parametrize('axis', [2, -3])
def test_repeat_invalid_axis(axis):
    # NumPy's AxisError as v7
    with pytest.raises(numpy.exceptions.AxisError):
        functions.repeat(numpy.zeros((2, 3), numpy.float32), 2, axis)
