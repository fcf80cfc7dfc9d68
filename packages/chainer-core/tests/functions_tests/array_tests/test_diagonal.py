import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product_dict(
    [
        {'shape': (2, 2), 'offset': 0, 'axis1': 0, 'axis2': 1},
        {'shape': (3, 4), 'offset': 1, 'axis1': 0, 'axis2': 1},
        {'shape': (3, 4), 'offset': -1, 'axis1': 1, 'axis2': 0},
        {'shape': (2, 3, 4), 'offset': 0, 'axis1': -1, 'axis2': 0},
        {'shape': (2, 3, 4), 'offset': 2, 'axis1': 1, 'axis2': 2},
        {'shape': (2, 3, 4), 'offset': -2, 'axis1': -2, 'axis2': -1},
        {'shape': (2, 3), 'offset': 5, 'axis1': 0, 'axis2': 1},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDiagonal(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.diagonal(x, self.offset, self.axis1, self.axis2),

    def forward_expected(self, inputs):
        x, = inputs
        return x.diagonal(self.offset, self.axis1, self.axis2).copy(),


def test_diagonal_defaults():
    x = numpy.arange(9, dtype=numpy.float32).reshape(3, 3)
    numpy.testing.assert_array_equal(
        functions.diagonal(x).array, [0, 4, 8])


def test_diagonal_gradient_values():
    x = numpy.zeros((2, 3), numpy.float32)
    v = chainer.Variable(x)
    y = functions.diagonal(v, 1)
    y.grad = numpy.array([1, 2], numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(v.grad, [[0, 1, 0], [0, 0, 2]])


@pytest.mark.parametrize('shape,axis1,axis2', [
    ((3,), 0, 1),
    ((2, 3), 0, 2),
    ((2, 3), -3, 1),
])
def test_diagonal_invalid_type(shape, axis1, axis2):
    with pytest.raises(type_check.InvalidType):
        functions.diagonal(
            numpy.zeros(shape, numpy.float32), 0, axis1, axis2)
