import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'train': [True, False],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestRReLU(testing.FunctionTestCase):

    l = 0.1  # noqa: E741
    u = 0.3

    # r has the input dtype, so the numerical gradient is computed in that dtype; the function
    # is piecewise linear and the inputs stay away from 0, so a wide eps is exact.
    numerical_grad_dtype = None

    def setUp(self):
        self.r = numpy.random.uniform(self.l, self.u, self.shape).astype(self.dtype)
        self.check_backward_options = {'eps': 2 ** -4, 'atol': 1e-3, 'rtol': 1e-3}
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'eps': 2 ** -4, 'atol': 5e-2, 'rtol': 5e-2}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape)
        x[numpy.abs(x) < 0.1] = 0.5
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        with chainer.using_config('train', self.train):
            return F.rrelu(x, l=self.l, u=self.u, r=self.r),

    def forward_expected(self, inputs):
        x, = inputs
        x = x.astype(numpy.float64)
        r = self.r.astype(numpy.float64) if self.train else (self.l + self.u) / 2
        return numpy.where(x >= 0, x, x * r).astype(self.dtype),


def test_rrelu_samples_slopes_in_range():
    x = -numpy.ones((50, 40), numpy.float32)
    with chainer.using_config('train', True):
        y, r = F.rrelu(x, return_r=True)
    assert r.shape == x.shape and r.dtype == x.dtype
    assert (r >= 1. / 8).all() and (r < 1. / 3).all()
    assert r.std() > 0
    numpy.testing.assert_allclose(y.array, -r)


def test_rrelu_test_mode_uses_mean_slope():
    x = -numpy.ones((2, 3), numpy.float32)
    with chainer.using_config('train', False):
        y, r = F.rrelu(x, l=0.2, u=0.4, return_r=True)
    numpy.testing.assert_allclose(r, 0.3)
    numpy.testing.assert_allclose(y.array, -0.3)


def test_rrelu_backward_uses_same_r():
    x = chainer.Variable(-numpy.ones((3, 4), numpy.float32))
    with chainer.using_config('train', True):
        y, r = F.rrelu(x, return_r=True)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    numpy.testing.assert_allclose(x.grad, r)


@pytest.mark.parametrize('l,u', [(-0.1, 0.3), (0.1, 1.0), (0.3, 0.2)])
def test_rrelu_invalid_bounds(l, u):  # noqa: E741
    with pytest.raises(ValueError):
        F.rrelu(numpy.zeros(3, numpy.float32), l=l, u=u)


def test_rrelu_r_shape_mismatch():
    with pytest.raises(type_check.InvalidType):
        F.rrelu(numpy.zeros((2, 3), numpy.float32), r=numpy.zeros((3,), numpy.float32))


def test_rrelu_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.rrelu(numpy.zeros(3, numpy.int32))


def test_rrelu_train_argument_removed():
    with pytest.raises(ValueError, match='train argument is not supported anymore'):
        F.rrelu(numpy.zeros(3, numpy.float32), train=True)
