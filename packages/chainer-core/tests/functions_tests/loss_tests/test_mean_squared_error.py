import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.loss import mean_squared_error as mse_module
from chainer.utils import type_check
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(4, 3), (), (2, 3, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestMeanSquaredError(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x0 = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        x1 = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        return x0, x1

    def forward(self, inputs, device):
        x0, x1 = inputs
        return F.mean_squared_error(x0, x1),

    def forward_expected(self, inputs):
        x0, x1 = inputs
        diff = x0.astype(numpy.float64) - x1
        return numpy.asarray((diff * diff).mean(), self.dtype),


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('no_grads', [(False, False), (False, True), (True, False)])
def test_fast_backward(dtype, shape, no_grads):
    rng = numpy.random.RandomState(0)
    x0, x1 = (rng.uniform(-1, 1, shape).astype(dtype) for _ in range(2))
    check_fast_backward(mse_module.MeanSquaredError, F.mean_squared_error, [x0, x1],
                        [numpy.asarray(0.7, dtype)], no_grads=list(no_grads))


def test_fast_path_one_input():
    x0 = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    x1 = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    v0 = chainer.Variable(x0)
    F.mean_squared_error(v0, x1).backward()
    testing.assert_allclose(v0.grad, 2 * (x0 - x1) / x0.size, rtol=1e-6)


@pytest.mark.parametrize('a,b', [
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((3, 2), numpy.float32)),
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float64)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32)),
])
def test_invalid_type(a, b):
    with pytest.raises(type_check.InvalidType):
        F.mean_squared_error(a, b)


def test_scalar_inputs_give_array_gradients():
    v0 = chainer.Variable(numpy.asarray(0.5, numpy.float32))
    v1 = chainer.Variable(numpy.asarray(-0.25, numpy.float32))
    F.mean_squared_error(v0, v1).backward()
    assert isinstance(v0.grad, numpy.ndarray) and isinstance(v1.grad, numpy.ndarray)
    testing.assert_allclose(v0.grad, 1.5)
    testing.assert_allclose(v1.grad, -1.5)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_gradient_rounds_as_v7(dtype):
    # v7 multiplies gy by the difference first, then by 2 / n: the gradients agree to the
    # bit (in float16 a large loss scale overflows exactly where v7's does)
    x0 = numpy.array([3, -2, 1, 0.5, 0.1, -0.3], dtype)
    x1 = numpy.array([0, 0, 0, 0.25, 0.2, 0.7], dtype)
    gy = numpy.asarray(65504 if dtype == numpy.float16 else 123.4, dtype)
    v0, v1 = chainer.Variable(x0), chainer.Variable(x1)
    loss = F.mean_squared_error(v0, v1)
    loss.grad = gy
    with numpy.errstate(over='ignore'):
        loss.backward()
        expected = gy * (x0 - x1) * dtype(2.0 / x0.size)
    numpy.testing.assert_array_equal(v0.grad, expected)
    numpy.testing.assert_array_equal(v1.grad, -expected)
