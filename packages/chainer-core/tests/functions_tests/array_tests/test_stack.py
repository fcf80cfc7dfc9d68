import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product_dict(
    [
        {'shape': (3, 4), 'axis': 0, 'n': 2},
        {'shape': (3, 4), 'axis': 1, 'n': 3},
        {'shape': (3, 4), 'axis': 2, 'n': 2},
        {'shape': (3, 4), 'axis': -1, 'n': 2},
        {'shape': (3, 4), 'axis': -2, 'n': 2},
        {'shape': (3, 4), 'axis': -3, 'n': 2},
        {'shape': (), 'axis': 0, 'n': 3},
        {'shape': (0, 2), 'axis': 1, 'n': 2},
        {'shape': (2,), 'axis': 0, 'n': 1},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStack(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
            for _ in range(self.n))

    def forward(self, inputs, device):
        return functions.stack(inputs, self.axis),

    def forward_expected(self, inputs):
        return numpy.stack(inputs, self.axis),


def test_stack_default_axis():
    xs = [numpy.zeros((2, 3), 'f'), numpy.ones((2, 3), 'f')]
    y = functions.stack(xs)
    assert y.shape == (2, 2, 3)


@pytest.mark.parametrize('xs,axis', [
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 2), 'f')], 0),
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')], 0),
    ([numpy.zeros((2, 3), 'f')], 3),
    ([numpy.zeros((2, 3), 'f')], -4),
])
def test_stack_invalid_type(xs, axis):
    with pytest.raises(type_check.InvalidType):
        functions.stack(xs, axis)
