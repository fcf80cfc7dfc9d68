import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*(testing.product({
    'x_shape': [(4, 3), (4, 3, 2)],
    'n_batch_axes': [1],
    'x_dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
}) + [
    {'x_shape': (2, 3, 4), 'n_batch_axes': 2, 'x_dtype': numpy.float32, 'nobias': False},
    {'x_shape': (2, 2, 3, 4), 'n_batch_axes': 3, 'x_dtype': numpy.float64, 'nobias': True},
    {'x_shape': (0, 3), 'n_batch_axes': 1, 'x_dtype': numpy.float64, 'nobias': False},
    {'x_shape': (4, 3), 'n_batch_axes': 1, 'x_dtype': numpy.float16, 'nobias': False,
     'W_dtype': numpy.float32},
]))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLinear(testing.FunctionTestCase):

    W_dtype = None

    def setUp(self):
        if self.W_dtype is None:
            self.W_dtype = self.x_dtype
        if numpy.float16 in (self.x_dtype, self.W_dtype):
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        in_size = int(numpy.prod(self.x_shape[self.n_batch_axes:]))
        x = numpy.random.uniform(-1, 1, self.x_shape).astype(self.x_dtype)
        W = numpy.random.uniform(-1, 1, (2, in_size)).astype(self.W_dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, (2,)).astype(self.x_dtype)

    def forward(self, inputs, device):
        b = inputs[2] if len(inputs) == 3 else None
        return F.linear(inputs[0], inputs[1], b, n_batch_axes=self.n_batch_axes),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        batch = self.x_shape[:self.n_batch_axes]
        y = x.astype(numpy.float64).reshape(int(numpy.prod(batch)), W.shape[1]).dot(
            W.astype(numpy.float64).T)
        if len(inputs) == 3:
            y += inputs[2]
        return y.reshape(batch + (2,)).astype(self.x_dtype),


def test_linear_n_batch_axes_invalid():
    with pytest.raises(ValueError, match='n_batch_axes'):
        F.linear(numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), n_batch_axes=0)


@pytest.mark.parametrize('x_shape,w_shape,b_shape,x_dtype', [
    ((2, 3), (4, 2), None, 'f'),
    ((2, 3), (4, 3), (3,), 'f'),
    ((2, 3), (4, 3, 1), None, 'f'),
    ((2, 3), (4, 3), None, 'i'),
])
def test_linear_invalid(x_shape, w_shape, b_shape, x_dtype):
    x = numpy.zeros(x_shape, x_dtype)
    b = None if b_shape is None else numpy.zeros(b_shape, 'f')
    with pytest.raises(type_check.InvalidType):
        F.linear(x, numpy.zeros(w_shape, 'f'), b)


def test_linear_gradients_values():
    x = chainer.Variable(numpy.array([[1., 2.]]))
    W = chainer.Variable(numpy.array([[3., 4.], [5., 6.]]))
    y = F.linear(x, W)
    y.grad = numpy.array([[1., 10.]])
    y.backward()
    numpy.testing.assert_allclose(y.array, [[11., 17.]])
    numpy.testing.assert_allclose(x.grad, [[53., 64.]])
    numpy.testing.assert_allclose(W.grad, [[1., 2.], [10., 20.]])
