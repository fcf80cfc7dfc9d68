import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.normalization import local_response_normalization as lrn_module
from chainer.testing._fast_backward import check_fast_backward


def _reference(x, n, k, alpha, beta):
    x = x.astype(numpy.float64)
    y = numpy.empty_like(x)
    c = x.shape[1]
    for i in range(c):
        lo, hi = max(0, i - n // 2), min(c, i + n // 2 + 1)
        s = (x[:, lo:hi] ** 2).sum(axis=1)
        y[:, i] = x[:, i] / (k + alpha * s) ** beta
    return y


@testing.parameterize(*testing.product({
    'shape': [(2, 7, 3, 2), (3, 4), (2, 3, 2)],
    'params': [(5, 2, 1e-4, .75), (3, 1, 1e-1, .5), (4, 1.5, 1e-1, 1.), (9, 1, 0.5, .75)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLocalResponseNormalization(testing.FunctionTestCase):

    skip_double_backward_test = True  # not supported, as in v7

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2,
                                           'rtol': 5e-2}
        else:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-4,
                                           'rtol': 1e-3}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        n, k, alpha, beta = self.params
        return F.local_response_normalization(x, n, k, alpha, beta),

    def forward_expected(self, inputs):
        x, = inputs
        return _reference(x, *self.params).astype(self.dtype),


def test_default_parameters():
    x = numpy.random.uniform(-1, 1, (2, 6, 2)).astype(numpy.float32)
    numpy.testing.assert_allclose(F.local_response_normalization(x).array,
                                  _reference(x, 5, 2, 1e-4, .75), rtol=1e-5)


def test_double_backward_not_supported():
    x = chainer.Variable(numpy.random.uniform(-1, 1, (2, 3)))
    y = F.local_response_normalization(x)
    gx, = chainer.grad([F.sum(y * y)], [x], enable_double_backprop=True)
    with pytest.raises(NotImplementedError):
        F.sum(gx).backward()


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.local_response_normalization(numpy.zeros((3,), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.local_response_normalization(numpy.zeros((2, 3), numpy.int32))


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('n', [3, 5])
def test_fast_backward(dtype, n):
    x = _fast_uniform((2, 6, 3, 2), dtype)
    gy = _fast_uniform((2, 6, 3, 2), dtype, seed=1)
    tol = {'atol': 1e-2, 'rtol': 1e-2} if dtype == numpy.float16 else {'rtol': 1e-5}
    check_fast_backward(lrn_module.LocalResponseNormalization,
                        lambda v: F.local_response_normalization(v, n=n), [x], [gy], **tol)
