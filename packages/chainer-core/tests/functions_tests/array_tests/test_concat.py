import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product_dict(
    [
        {'shapes': [(2, 3, 4), (2, 1, 4), (2, 2, 4)], 'axis': 1},
        {'shapes': [(2, 3, 4), (2, 3, 1)], 'axis': 2},
        {'shapes': [(2, 3, 4), (2, 3, 1)], 'axis': -1},
        {'shapes': [(1, 3), (2, 3), (3, 3)], 'axis': 0},
        {'shapes': [(1, 3), (2, 3)], 'axis': -2},
        {'shapes': [(3,)], 'axis': 0},
        {'shapes': [(2, 3), (0, 3), (1, 3)], 'axis': 0},
        {'shapes': [(4,), (2,)], 'axis': 0},
    ],
    [
        {'dtype': numpy.float16},
        {'dtype': numpy.float32},
        {'dtype': numpy.float64},
    ],
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestConcat(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, s).astype(self.dtype)
            for s in self.shapes)

    def forward(self, inputs, device):
        return functions.concat(inputs, self.axis),

    def forward_expected(self, inputs):
        return numpy.concatenate(inputs, self.axis),


def test_concat_default_axis_is_one():
    a = numpy.zeros((2, 1), numpy.float32)
    b = numpy.ones((2, 2), numpy.float32)
    y = functions.concat((a, b))
    assert y.shape == (2, 3)


@pytest.mark.parametrize('xs,axis', [
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')], 1),
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((3, 3), 'f')], 1),
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3, 1), 'f')], 1),
    ([numpy.zeros((2, 3), 'f')], 2),
    ([numpy.zeros((2, 3), 'f')], -3),
])
def test_concat_invalid_type(xs, axis):
    with pytest.raises(type_check.InvalidType):
        functions.concat(xs, axis)


def test_concat_axis_must_be_int():
    with pytest.raises(TypeError):
        functions.concat([numpy.zeros((2, 3), 'f')], 1.0)
