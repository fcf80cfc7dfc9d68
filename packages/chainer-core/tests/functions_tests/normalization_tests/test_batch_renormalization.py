import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _reference(x, gamma, beta, rmax, dmax, eps, running_mean, running_var):
    x = x.astype(numpy.float64)
    axis = (0,) + tuple(range(2, x.ndim))
    shape = (1, -1) + (1,) * (x.ndim - 2)
    mean = x.mean(axis=axis)
    std = numpy.sqrt(x.var(axis=axis) + eps)
    running_sigma = numpy.sqrt(running_var.astype(numpy.float64) + eps)
    r = numpy.clip(std / running_sigma, 1 / rmax, rmax)
    d = numpy.clip((mean - running_mean) / running_sigma, -dmax, dmax)
    x_hat = (x - mean.reshape(shape)) / std.reshape(shape)
    return (gamma.reshape(shape) * (x_hat * r.reshape(shape) + d.reshape(shape))
            + beta.reshape(shape))


@testing.parameterize(*testing.product({
    'shape': [(5, 3), (3, 4, 2, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    # 'free': r and d inside their bounds; 'clipped': both saturated (locally constant),
    # where the analytic gradient (r, d constant) is the exact one.
    'stats': ['free', 'clipped'],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBatchRenormalization(testing.FunctionTestCase):

    skip_double_backward_test = True  # old-style Function, as in v7

    def setUp(self):
        c = self.shape[1]
        self.rmax, self.dmax = 3.0, 1.5
        if self.stats == 'free':
            self.running_mean = numpy.random.uniform(-.1, .1, c).astype(self.dtype)
            self.running_var = numpy.random.uniform(.2, .4, c).astype(self.dtype)
        else:
            self.running_mean = numpy.full(c, -100, self.dtype)
            self.running_var = numpy.full(c, 100, self.dtype)
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2,
                                           'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-4, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-3,
                                           'rtol': 1e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        gamma = numpy.random.uniform(.5, 1, self.shape[1]).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, self.shape[1]).astype(self.dtype)
        return x, gamma, beta

    def forward(self, inputs, device):
        x, gamma, beta = inputs
        return F.batch_renormalization(
            x, gamma, beta, self.rmax, self.dmax, running_mean=self.running_mean.copy(),
            running_var=self.running_var.copy()),

    def forward_expected(self, inputs):
        x, gamma, beta = inputs
        y = _reference(x, gamma, beta, self.rmax, self.dmax, 2e-5, self.running_mean,
                       self.running_var)
        return y.astype(self.dtype),

    def before_test(self, test_name):
        # r and d are constants for backprop (by design): numerical gradients agree with
        # the analytic ones only where r and d are saturated. The unsaturated case is
        # checked in test_backward_treats_r_and_d_as_constants.
        if test_name == 'test_backward' and self.stats == 'free':
            self.stats = 'clipped'
            self.setUp()


def test_backward_treats_r_and_d_as_constants():
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (6, 3))
    gamma = rng.uniform(.5, 1, 3)
    beta = rng.uniform(-1, 1, 3)
    rm = rng.uniform(-.1, .1, 3)
    rv = rng.uniform(.2, .4, 3)
    gy = rng.uniform(-1, 1, x.shape)
    xv = chainer.Variable(x)
    y = F.batch_renormalization(xv, gamma, beta, 3.0, 1.5, running_mean=rm, running_var=rv)
    y.grad = gy
    y.backward()
    std = numpy.sqrt(x.var(0) + 2e-5)
    r = numpy.clip(std / numpy.sqrt(rv + 2e-5), 1 / 3.0, 3.0)
    # gradient of batch normalization scaled by r
    x_hat = (x - x.mean(0)) / std
    gbn = gamma / std * (gy - gy.mean(0) - x_hat * (gy * x_hat).mean(0))
    numpy.testing.assert_allclose(xv.grad, gbn * r, rtol=1e-8)


@pytest.mark.parametrize('update', [False, True])
def test_running_statistics(update):
    x = numpy.random.uniform(-1, 1, (5, 3, 2)).astype(numpy.float32)
    gamma = numpy.ones(3, numpy.float32)
    beta = numpy.zeros(3, numpy.float32)
    rm = numpy.random.uniform(-1, 1, 3).astype(numpy.float32)
    rv = numpy.random.uniform(.5, 1, 3).astype(numpy.float32)
    rm0, rv0 = rm.copy(), rv.copy()
    F.batch_renormalization(x, gamma, beta, 2.0, 1.0, running_mean=rm, running_var=rv,
                            decay=0.8, update_statistics=update)
    if not update:
        numpy.testing.assert_array_equal(rm, rm0)
        numpy.testing.assert_array_equal(rv, rv0)
        return
    x64 = x.astype(numpy.float64)
    numpy.testing.assert_allclose(rm, .8 * rm0 + .2 * x64.mean(axis=(0, 2)), rtol=1e-5)
    numpy.testing.assert_allclose(rv, .8 * rv0 + .2 * x64.var(axis=(0, 2)) * 10 / 9,
                                  rtol=1e-5)


def test_fixed_batch_renormalization_is_deprecated_fixed_bn():
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    g = numpy.random.uniform(.5, 1, 3).astype(numpy.float32)
    b = numpy.random.uniform(-1, 1, 3).astype(numpy.float32)
    m = numpy.random.uniform(-1, 1, 3).astype(numpy.float32)
    v = numpy.random.uniform(.5, 1, 3).astype(numpy.float32)
    with pytest.warns(DeprecationWarning):
        y = F.fixed_batch_renormalization(x, g, b, m, v)
    expected = F.fixed_batch_normalization(x, g, b, m, v)
    numpy.testing.assert_allclose(y.array, expected.array, rtol=1e-6)


def test_invalid_type():
    x = numpy.zeros((2, 3), numpy.float32)
    g = numpy.ones(4, numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.batch_renormalization(x, g, g, 1.0, 0.0, running_mean=g, running_var=g)


@pytest.mark.parametrize('given', [(), ('running_mean',), ('running_var',)])
def test_running_statistics_are_required(given):
    # as v7: both running statistics must be given, else TypeError naming the missing one
    x = numpy.zeros((2, 3), numpy.float32)
    g = numpy.ones(3, numpy.float32)
    kwargs = {name: g.copy() for name in given}
    missing = 'running_var' if given == ('running_mean',) else 'running_mean'
    with pytest.raises(TypeError, match=missing):
        F.batch_renormalization(x, g, g, 2.0, 1.0, **kwargs)
