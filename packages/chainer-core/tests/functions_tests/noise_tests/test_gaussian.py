import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestGaussianWithEps(testing.FunctionTestCase):

    def setUp(self):
        self.eps = numpy.random.standard_normal(self.shape).astype(self.dtype)
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2,
                                           'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        mean = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        ln_var = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        return mean, ln_var

    def forward(self, inputs, device):
        mean, ln_var = inputs
        return F.gaussian(mean, ln_var, eps=self.eps),

    def forward_expected(self, inputs):
        mean, ln_var = [a.astype(numpy.float64) for a in inputs]
        return numpy.asarray(mean + numpy.exp(ln_var / 2) * self.eps, self.dtype),


def test_sampling_statistics():
    numpy.random.seed(0)
    mean = numpy.full(20000, 2., numpy.float32)
    ln_var = numpy.full(20000, numpy.log(9.), numpy.float32)
    y, eps = F.gaussian(mean, ln_var, return_eps=True)
    assert y.dtype == numpy.float32 and eps.dtype == numpy.float32
    numpy.testing.assert_allclose(y.array, 2 + 3 * eps, rtol=1e-5)
    assert abs(y.array.mean() - 2) < .1
    assert abs(y.array.std() - 3) < .1


def test_backward_uses_sampled_noise():
    mean = chainer.Variable(numpy.zeros(5))
    ln_var = chainer.Variable(numpy.zeros(5))
    y, eps = F.gaussian(mean, ln_var, return_eps=True)
    y.grad = numpy.ones(5)
    y.backward()
    numpy.testing.assert_array_equal(mean.grad, numpy.ones(5))
    numpy.testing.assert_allclose(ln_var.grad, eps * .5)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.gaussian(numpy.zeros(3, numpy.float32), numpy.zeros(4, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.gaussian(numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.float64))
    with pytest.raises(TypeError):
        F.gaussian(numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.float32), foo=1)
