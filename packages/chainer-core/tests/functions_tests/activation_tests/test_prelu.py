import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import prelu
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product_dict(
    [{'x_shape': (4, 3, 2), 'w_shape': (3,)},
     {'x_shape': (4, 3, 2), 'w_shape': (3, 2)},
     {'x_shape': (4, 3), 'w_shape': ()},
     {'x_shape': (4, 3), 'w_shape': (3,)}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestPReLU(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.x_shape)
        x[numpy.abs(x) < 0.1] = 0.5
        W = numpy.random.uniform(-1, 1, self.w_shape)
        return x.astype(self.dtype), W.astype(self.dtype)

    def forward(self, inputs, device):
        x, W = inputs
        return F.prelu(x, W),

    def forward_expected(self, inputs):
        x, W = inputs
        x = x.astype(numpy.float64)
        shape = (1,) + W.shape + (1,) * (x.ndim - W.ndim - 1)
        w = W.astype(numpy.float64).reshape(shape)
        return numpy.where(x >= 0, x, x * w).astype(self.dtype),


def test_prelu_invalid_w_shape():
    with pytest.raises(type_check.InvalidType):
        F.prelu(numpy.zeros((4, 3), numpy.float32), numpy.zeros((2,), numpy.float32))


def test_prelu_dtype_mismatch():
    with pytest.raises(type_check.InvalidType):
        F.prelu(numpy.zeros((4, 3), numpy.float32), numpy.zeros((3,), numpy.float64))


def test_prelu_w_too_many_dims():
    with pytest.raises(type_check.InvalidType):
        F.prelu(numpy.zeros((3,), numpy.float32), numpy.zeros((3,), numpy.float32))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('x_shape,w_shape', [
    ((3, 4), (4,)), ((2, 3, 4), (3,)), ((2, 3, 4), (3, 4)), ((2, 3), ()), ((0, 3), (3,))])
def test_fast_backward(dtype, x_shape, w_shape):
    x = _uniform(x_shape, dtype)
    W = _uniform(w_shape, dtype, -0.5, 0.5, seed=2)
    gy = _uniform(x_shape, dtype, seed=1)
    check_fast_backward(prelu.PReLUFunction, F.prelu, [x, W], [gy])


@pytest.mark.parametrize('needed', [0, 1])
def test_fast_backward_of_one_input(needed):
    x = _uniform((2, 3), numpy.float32)
    p = _uniform((3,), numpy.float32, 0.5, 1.5, seed=2)
    gy = _uniform((2, 3), numpy.float32, seed=1)
    check_fast_backward(prelu.PReLUFunction, F.prelu, [x, p], [gy],
                        no_grads=[needed != 0, needed != 1])
