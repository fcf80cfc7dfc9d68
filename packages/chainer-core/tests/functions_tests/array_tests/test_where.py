import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import where
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shapes': [
        ((3, 2, 4), (3, 2, 4), (3, 2, 4)),
        ((3, 2, 4), (2, 4), (3, 1, 1)),
        ((), (3, 2), (2,)),
        ((2, 1), (), (1, 3)),
        ((0, 3), (0, 3), (3,)),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'condition_as_variable': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestWhere(testing.FunctionTestCase):

    def setUp(self):
        c_shape = self.shapes[0]
        self.c_data = numpy.random.uniform(-1, 1, c_shape) > 0
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        _, x_shape, y_shape = self.shapes
        x = numpy.random.uniform(-1, 1, x_shape).astype(self.dtype)
        y = numpy.random.uniform(-1, 1, y_shape).astype(self.dtype)
        return x, y

    def forward(self, inputs, device):
        x, y = inputs
        c = device.send(self.c_data)
        if self.condition_as_variable:
            c = chainer.Variable(c)
        return functions.where(c, x, y),

    def forward_expected(self, inputs):
        x, y = inputs
        return numpy.where(self.c_data, x, y).astype(self.dtype),


@pytest.mark.parametrize('c,x,y', [
    (numpy.zeros((2,), numpy.int32), numpy.zeros((2,), 'f'),
     numpy.zeros((2,), 'f')),
    (numpy.zeros((2,), numpy.bool_), numpy.zeros((2,), 'f'),
     numpy.zeros((2,), 'd')),
    (numpy.zeros((2,), numpy.bool_), numpy.zeros((3,), 'f'),
     numpy.zeros((2,), 'f')),
    (numpy.zeros((4,), numpy.bool_), numpy.zeros((2,), 'f'),
     numpy.zeros((2,), 'f')),
])
def test_where_invalid_type(c, x, y):
    with pytest.raises(type_check.InvalidType):
        functions.where(c, x, y)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('c_shape,x_shape,y_shape', [
    ((2, 3), (2, 3), (2, 3)),
    ((2, 3), (1, 3), (2, 1)),
    ((2, 3), (), (3,)),
    ((), (2, 3), (2, 3)),
    ((3,), (2, 1), (2, 3)),
])
def test_fast_backward_of_where(dtype, c_shape, x_shape, y_shape):
    condition = numpy.random.RandomState(5).uniform(0, 1, c_shape) > 0.5
    x = _uniform(x_shape, dtype, 1)
    y = _uniform(y_shape, dtype, 2)
    out_shape = numpy.broadcast_shapes(c_shape, x_shape, y_shape)
    check_fast_backward(where.Where, lambda a, b: F.where(condition, a, b), [x, y],
                        [_uniform(out_shape, dtype, 3)])
