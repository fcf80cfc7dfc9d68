import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing


def _reduce(loss, reduce):
    if reduce == 'sum':
        return numpy.asarray(loss.sum())
    if reduce == 'mean':
        return numpy.asarray(loss.mean())
    return loss


class _Base(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def _uniform(self, low=-1, high=1):
        return numpy.random.uniform(low, high, (3, 2)).astype(self.dtype)


_PARAMS = testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['sum', 'mean', 'no'],
})


@testing.parameterize(*_PARAMS)
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestGaussianKLDivergence(_Base):

    def generate_inputs(self):
        return self._uniform(), self._uniform()

    def forward(self, inputs, device):
        return F.gaussian_kl_divergence(*inputs, reduce=self.reduce),

    def forward_expected(self, inputs):
        mean, ln_var = (v.astype(numpy.float64) for v in inputs)
        loss = 0.5 * (mean ** 2 + numpy.exp(ln_var) - ln_var - 1)
        return _reduce(loss, self.reduce).astype(self.dtype),


@testing.parameterize(*_PARAMS)
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBernoulliNLL(_Base):

    def generate_inputs(self):
        return self._uniform(0, 1), self._uniform()

    def forward(self, inputs, device):
        return F.bernoulli_nll(*inputs, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, y = (v.astype(numpy.float64) for v in inputs)
        p = 1 / (1 + numpy.exp(-y))
        loss = -(x * numpy.log(p) + (1 - x) * numpy.log(1 - p))
        return _reduce(loss, self.reduce).astype(self.dtype),


@testing.parameterize(*_PARAMS)
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestGaussianNLL(_Base):

    def generate_inputs(self):
        return self._uniform(), self._uniform(), self._uniform()

    def forward(self, inputs, device):
        return F.gaussian_nll(*inputs, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, mean, ln_var = (v.astype(numpy.float64) for v in inputs)
        var = numpy.exp(ln_var)
        loss = 0.5 * math.log(2 * math.pi) + 0.5 * ln_var + (x - mean) ** 2 / (2 * var)
        return _reduce(loss, self.reduce).astype(self.dtype),


def test_invalid_reduce():
    x = numpy.zeros((2, 3), numpy.float32)
    message = "only 'sum', 'mean' and 'no' are valid for 'reduce', but 'bad' is given"
    with pytest.raises(ValueError) as e:
        F.gaussian_kl_divergence(x, x, reduce='bad')
    assert str(e.value) == message
    with pytest.raises(ValueError):
        F.bernoulli_nll(x, x, reduce='bad')
    with pytest.raises(ValueError):
        F.gaussian_nll(x, x, x, reduce='bad')
