import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.normalization import group_normalization as gn_module
from chainer.testing._fast_backward import check_fast_backward


def _options(dtype):
    if dtype == numpy.float16:
        return ({'atol': 1e-2, 'rtol': 1e-2},
                {'dtype': numpy.float64, 'atol': 1e-1, 'rtol': 1e-1})
    return ({'atol': 1e-4, 'rtol': 1e-3},
            {'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3})


@testing.parameterize(*testing.product({
    'shape_groups': [((2, 4, 3), 2), ((2, 6, 2, 2), 3), ((3, 4, 3), 4), ((1, 4, 3), 1),
                     ((3, 6), 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestGroupNormalization(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.groups = self.shape_groups
        fwd, bwd = _options(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        c = self.shape[1]
        while True:  # keep every group's deviation away from zero (well conditioned)
            x = numpy.random.uniform(-1, 1, self.shape)
            if x.reshape(self.shape[0], self.groups, -1).std(axis=2).min() > .3:
                break
        x = x.astype(self.dtype)
        gamma = numpy.random.uniform(.5, 1, c).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, c).astype(self.dtype)
        return x, gamma, beta

    def forward(self, inputs, device):
        x, gamma, beta = inputs
        return F.group_normalization(x, self.groups, gamma, beta),

    def forward_expected(self, inputs):
        x, gamma, beta = [a.astype(numpy.float64) for a in inputs]
        xr = x.reshape(x.shape[0], self.groups, -1)
        mu = xr.mean(axis=2, keepdims=True)
        var = xr.var(axis=2, keepdims=True)
        x_hat = ((xr - mu) / numpy.sqrt(var + 1e-5)).reshape(x.shape)
        bshape = (1, -1) + (1,) * (x.ndim - 2)
        y = x_hat * gamma.reshape(bshape) + beta.reshape(bshape)
        return y.astype(self.dtype),


def test_fast_backward_matches_differentiable_backward():
    rng = numpy.random.RandomState(0)
    arrays = [rng.uniform(-1, 1, (2, 4, 3)), rng.uniform(.5, 1, 4), rng.uniform(-1, 1, 4)]
    gy = rng.uniform(-1, 1, (2, 4, 3))

    def run(double):
        vs = [chainer.Variable(a) for a in arrays]
        y = F.group_normalization(vs[0], 2, vs[1], vs[2])
        y.grad = gy
        y.backward(enable_double_backprop=double)
        return [v.grad for v in vs]

    for a, b in zip(run(False), run(True)):
        numpy.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_errors():
    g = numpy.ones(4, numpy.float32)
    with pytest.raises(ValueError, match='batch and a channel axis'):
        F.group_normalization(numpy.zeros(4, numpy.float32), 2, g, g)
    with pytest.raises(TypeError, match='groups'):
        F.group_normalization(numpy.zeros((2, 4, 3), numpy.float32), 2.0, g, g)
    with pytest.raises(ValueError, match="channels 4 is not divisible by 'groups' argument 3"):
        F.group_normalization(numpy.zeros((2, 4, 3), numpy.float32), 3, g, g)
    with pytest.raises(type_check.InvalidType):
        F.group_normalization(numpy.zeros((2, 4, 3), numpy.float32), 2,
                              numpy.ones(2, numpy.float32), numpy.ones(2, numpy.float32))
    with pytest.raises(type_check.InvalidType):  # gamma and beta of different dtypes
        F.group_normalization(numpy.zeros((2, 4, 3), numpy.float32), 2,
                              numpy.ones(4, numpy.float32), numpy.ones(4, numpy.float64))
    # as in v7, the channel count is type-checked before the divisibility by groups
    with pytest.raises(type_check.InvalidType):
        F.group_normalization(numpy.zeros((2, 5, 3), numpy.float32), 2, g, g)


@pytest.mark.parametrize('x_dtype, param_dtype', [
    (numpy.float16, numpy.float32), (numpy.float64, numpy.float32),
    (numpy.float32, numpy.float64)])
def test_parameters_of_another_dtype(x_dtype, param_dtype):
    # v7 accepts gamma and beta of another float dtype than x (mixed precision)
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (2, 4, 3)).astype(x_dtype)
    gamma = rng.uniform(.5, 1, 4).astype(param_dtype)
    beta = rng.uniform(-1, 1, 4).astype(param_dtype)
    gy = rng.uniform(-1, 1, (2, 4, 3)).astype(x_dtype)
    tol = {'atol': 2e-2, 'rtol': 2e-2} if x_dtype == numpy.float16 else {'atol': 1e-5,
                                                                         'rtol': 1e-4}
    same = [chainer.Variable(a.astype(numpy.float64)) for a in (x, gamma, beta)]
    expected = F.group_normalization(same[0], 2, same[1], same[2])
    expected.grad = gy.astype(numpy.float64)
    expected.backward()
    for double in (False, True):
        vs = [chainer.Variable(a) for a in (x, gamma, beta)]
        y = F.group_normalization(vs[0], 2, vs[1], vs[2])
        assert y.dtype == x_dtype
        testing.assert_allclose(y.array, expected.array, **tol)
        y.grad = gy
        y.backward(enable_double_backprop=double)
        for v, e in zip(vs, same):
            assert v.grad.dtype == v.dtype
            testing.assert_allclose(v.grad, e.grad, **tol)


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape,groups', [((2, 4, 3), 2), ((2, 6, 2, 2), 3), ((3, 4, 1), 4)])
def test_fast_backward(dtype, shape, groups):
    x = _fast_uniform(shape, dtype)
    gamma = _fast_uniform(shape[1:2], dtype, 0.5, 1.5, seed=1)
    beta = _fast_uniform(shape[1:2], dtype, seed=2)
    gy = _fast_uniform(shape, dtype, seed=3)
    tol = {'atol': 5e-2, 'rtol': 5e-2} if dtype == numpy.float16 else {'rtol': 1e-4,
                                                                      'atol': 1e-5}
    check_fast_backward(gn_module.GroupNormalization,
                        lambda x, g, b: F.group_normalization(x, groups, g, b),
                        [x, gamma, beta], [gy], **tol)
