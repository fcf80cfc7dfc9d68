import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.normalization import layer_normalization as ln_module
from chainer.testing._fast_backward import check_fast_backward


def _options(dtype):
    if dtype == numpy.float16:
        return ({'atol': 1e-2, 'rtol': 1e-2},
                {'dtype': numpy.float64, 'atol': 1e-1, 'rtol': 1e-1})
    return ({'atol': 1e-4, 'rtol': 1e-3},
            {'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3})


@testing.parameterize(*testing.product({
    'shape': [(4, 5), (1, 3), (3, 1)],
    'eps': [1e-5, 1e-1],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLayerNormalization(testing.FunctionTestCase):

    def setUp(self):
        fwd, bwd = _options(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        while True:  # keep the deviation of each row away from zero (well conditioned)
            x = numpy.random.uniform(-1, 1, self.shape)
            if self.shape[1] == 1 or x.std(axis=1).min() > .3:
                break
        x = x.astype(self.dtype)
        gamma = numpy.random.uniform(.5, 1, self.shape[1]).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, self.shape[1]).astype(self.dtype)
        return x, gamma, beta

    def forward(self, inputs, device):
        x, gamma, beta = inputs
        return F.layer_normalization(x, gamma, beta, eps=self.eps),

    def forward_expected(self, inputs):
        x, gamma, beta = [a.astype(numpy.float64) for a in inputs]
        mu = x.mean(axis=1, keepdims=True)
        var = x.var(axis=1, keepdims=True)
        y = (x - mu) / numpy.sqrt(var + self.eps) * gamma + beta
        return y.astype(self.dtype),


def test_fast_backward_matches_differentiable_backward():
    rng = numpy.random.RandomState(0)
    arrays = [rng.uniform(-1, 1, (3, 4)), rng.uniform(.5, 1, 4), rng.uniform(-1, 1, 4)]
    gy = rng.uniform(-1, 1, (3, 4))

    def run(double):
        vs = [chainer.Variable(a) for a in arrays]
        y = F.layer_normalization(*vs)
        y.grad = gy
        y.backward(enable_double_backprop=double)
        return [v.grad for v in vs]

    for a, b in zip(run(False), run(True)):
        numpy.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize('x_shape, g_shape, b_shape, dtype', [
    ((2, 3, 4), (3,), (3,), numpy.float32),
    ((2, 3), (4,), (4,), numpy.float32),
    ((2, 3), (3,), (2,), numpy.float32),
    ((2, 3), (3,), (3,), numpy.int32),
])
def test_invalid_type(x_shape, g_shape, b_shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.layer_normalization(numpy.zeros(x_shape, dtype), numpy.ones(g_shape, dtype),
                              numpy.zeros(b_shape, dtype))


def test_dtype_mismatch():
    with pytest.raises(type_check.InvalidType):
        F.layer_normalization(numpy.zeros((2, 3), numpy.float32),
                              numpy.ones(3, numpy.float64), numpy.zeros(3, numpy.float64))


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(3, 5), (1, 4)])
def test_fast_backward(dtype, shape):
    x = _fast_uniform(shape, dtype)
    gamma = _fast_uniform(shape[1:], dtype, 0.5, 1.5, seed=1)
    beta = _fast_uniform(shape[1:], dtype, seed=2)
    gy = _fast_uniform(shape, dtype, seed=3)
    tol = {'atol': 5e-2, 'rtol': 5e-2} if dtype == numpy.float16 else {'rtol': 1e-4,
                                                                      'atol': 1e-5}
    check_fast_backward(ln_module.LayerNormalization, F.layer_normalization,
                        [x, gamma, beta], [gy], **tol)
