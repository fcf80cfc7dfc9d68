import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.activation import relu
from chainer.testing._fast_backward import check_fast_backward


def _tol(dtype):
    if dtype == numpy.float16:
        return ({'atol': 1e-3, 'rtol': 1e-3},
                {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2})
    return {}, {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}


def _away_from_zero(shape, dtype, margin=0.1):
    x = numpy.random.uniform(-1, 1, shape)
    x[numpy.abs(x) < margin] = 0.5
    return x.astype(dtype)


@testing.parameterize(*testing.product({
    'shape': [(3, 2), (), (2, 0, 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestReLU(testing.FunctionTestCase):

    def setUp(self):
        fwd, bwd = _tol(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        return _away_from_zero(self.shape, self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.relu(x),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(numpy.maximum(x.astype(numpy.float64), 0), self.dtype),


def test_relu_backward_uses_output_mask():
    x = chainer.Variable(numpy.array([-1.0, 0.0, 2.0, -3.0], numpy.float32))
    y = F.relu(x)
    y.grad = numpy.array([1.0, 2.0, 3.0, 4.0], numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [0.0, 0.0, 3.0, 0.0])


def test_relu_double_backward_is_zero_in_x():
    x = chainer.Variable(numpy.array([-1.0, 2.0], numpy.float64))
    y = F.relu(x)
    gx, = chainer.grad([F.sum(y * y)], [x], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx)], [x])
    # d/dx sum(2 * relu(x) * (x > 0)) = 2 * (x > 0)
    numpy.testing.assert_allclose(ggx.array, [0.0, 2.0])


def test_relu_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.relu(numpy.zeros((2, 3), numpy.int32))


def test_relu_removed_argument():
    with pytest.raises(TypeError):
        F.relu(numpy.zeros((2, 3), numpy.float32), use_cudnn=False)


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', _FAST_SHAPES)
@pytest.mark.parametrize('func,low,high', [(F.relu, -1, 1)])
def test_fast_backward(dtype, shape, func, low, high):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(relu.ReLU, func, [x], [gy])
