"""The Distribution interface, the distributions' function nodes, gradients and errors."""
import copy
import warnings

import numpy
import pytest

import chainer
from chainer import distribution
from chainer import distributions as D
from chainer import gradient_check
from chainer import testing
from chainer.distributions import bernoulli
from chainer.distributions import laplace
from chainer.distributions import multivariate_normal
from chainer.distributions import utils as dist_utils


def _u(low, high, shape=(3, 2), dtype=numpy.float64):
    return numpy.random.uniform(low, high, shape).astype(dtype)


# --- the interface -------------------------------------------------------------------------


class _Coin(distribution.Distribution):
    """A distribution defining only what the defaults build on."""

    def __init__(self, p):
        self.p = chainer.as_variable(p)

    @property
    def params(self):
        return {'p': self.p}

    @property
    def batch_shape(self):
        return self.p.shape

    def cdf(self, x):
        return chainer.functions.clip(self.p * 0 + x, 0., 1.)

    def log_prob(self, x):
        return chainer.functions.log(self.p * x + (1 - self.p) * (1 - x))

    @property
    def variance(self):
        return self.p * (1 - self.p)

    def sample_n(self, n):
        u = numpy.random.uniform(size=(n,) + self.p.shape)
        return chainer.Variable((u < self.p.array).astype(self.p.dtype))


@testing.fix_random()
def test_defaults_derived_from_other_members():
    p = _u(0.2, 0.8)
    d = _Coin(p)
    x = _u(0.1, 0.9)
    testing.assert_allclose(d.prob(x).array, p * x + (1 - p) * (1 - x))
    testing.assert_allclose(d.log_cdf(x).array, numpy.log(x))
    testing.assert_allclose(d.survival_function(x).array, 1 - x)
    testing.assert_allclose(d.log_survival_function(x).array, numpy.log(1 - x))
    testing.assert_allclose(d.stddev.array, numpy.sqrt(p * (1 - p)))
    assert d.event_shape == ()
    assert d.xp is numpy
    assert d.sample().shape == (3, 2)
    assert d.sample(4).shape == (4, 3, 2)
    assert d.sample((2, 5)).shape == (2, 5, 3, 2)
    for name in ('entropy', 'mean', 'mode', 'covariance', 'support'):
        with pytest.raises(NotImplementedError):
            getattr(d, name)
    with pytest.raises(NotImplementedError):
        d.icdf(x)
    with pytest.raises(NotImplementedError):
        d.perplexity(x)
    assert '_Coin' in repr(d) and 'batch_shape=(3, 2)' in repr(d)
    d2 = copy.copy(d)
    assert d2 is not d and d2.p is d.p


def test_abstract_distribution():
    d = distribution.Distribution()
    for name in ('params', 'batch_shape', 'entropy', 'mean', 'variance'):
        with pytest.raises(NotImplementedError):
            getattr(d, name)
    with pytest.raises(NotImplementedError):
        d.log_prob(0.)
    with pytest.raises(NotImplementedError):
        d.sample_n(1)
    assert repr(d) == '<chainer.distribution.Distribution>'


def test_distributions_are_exported():
    assert isinstance(D.Normal(numpy.zeros(1, 'f'), numpy.ones(1, 'f')),
                      distribution.Distribution)


# --- parameters, options and errors ---------------------------------------------------------


def test_normal_scale_or_log_scale():
    loc = numpy.zeros(2, 'f')
    with pytest.raises(ValueError):
        D.Normal(loc)
    with pytest.raises(ValueError):
        D.Normal(loc, numpy.ones(2, 'f'), log_scale=numpy.zeros(2, 'f'))
    with pytest.raises(TypeError):
        D.Normal(loc, numpy.ones(2, 'f'), unknown=1)
    d = D.Normal(loc, log_scale=numpy.log(numpy.full(2, 2., 'f')))
    testing.assert_allclose(d.scale.array, [2., 2.])
    assert d.params.keys() == {'loc', 'scale'}


def test_parameters_broadcast():
    d = D.Normal(numpy.zeros((3, 2), 'f'), numpy.float32(2.))
    assert d.batch_shape == (3, 2)
    assert d.scale.shape == (3, 2)


def test_uniform_arguments():
    with pytest.raises(ValueError):
        D.Uniform(low=numpy.zeros(2, 'f'))
    with pytest.raises(ValueError):
        D.Uniform(low=numpy.zeros(2, 'f'), high=numpy.ones(2, 'f'),
                  loc=numpy.zeros(2, 'f'), scale=numpy.ones(2, 'f'))
    d = D.Uniform(loc=numpy.ones(2, 'f'), scale=numpy.full(2, 2., 'f'))
    testing.assert_allclose(d.high.array, [3., 3.])


def test_uniform_params_are_the_given_ones():
    # as v7
    d = D.Uniform(loc=numpy.ones(2, 'f'), scale=numpy.full(2, 2., 'f'))
    assert sorted(d.params) == ['loc', 'scale']
    testing.assert_allclose(d.params['scale'].array, [2., 2.])
    d = D.Uniform(low=numpy.ones(2, 'f'), high=numpy.full(2, 2., 'f'))
    assert sorted(d.params) == ['high', 'low']


def test_bernoulli_and_categorical_need_one_parameterization():
    with pytest.raises(ValueError):
        D.Bernoulli()
    with pytest.raises(ValueError):
        D.Bernoulli(p=numpy.full(2, 0.5, 'f'), logit=numpy.zeros(2, 'f'))
    with pytest.raises(ValueError):
        D.Categorical()
    with pytest.raises(TypeError):  # logit is keyword-only, as v7
        D.Categorical(None, numpy.zeros((2, 3), 'f'))
    with pytest.raises(TypeError):
        D.Categorical(numpy.full((2, 3), 1 / 3, 'f'), foo=1)


def test_multivariate_normal_arguments():
    with pytest.raises(ValueError):
        D.MultivariateNormal(numpy.zeros(3, 'f'))
    with pytest.raises(ValueError):
        D.MultivariateNormal(numpy.zeros(3, 'f'), scale_tril=numpy.eye(2, dtype='f'))


def test_independent():
    base = D.Normal(numpy.zeros((2, 3, 4), 'f'), numpy.ones((2, 3, 4), 'f'))
    d = D.Independent(base)
    assert d.batch_shape == (2,) and d.event_shape == (3, 4)
    d = D.Independent(base, 0)
    assert d.batch_shape == (2, 3, 4) and d.event_shape == ()
    with pytest.raises(ValueError):
        D.Independent(base, 4)
    d = D.Independent(base, 2)
    testing.assert_allclose(d.entropy.array, numpy.full(2, 12 * 0.5 * numpy.log(
        2 * numpy.pi * numpy.e)), rtol=1e-5)
    x = numpy.zeros((2, 3, 4), 'f')
    testing.assert_allclose(d.cdf(x).array, numpy.full(2, 0.5 ** 12), rtol=1e-4)


@pytest.mark.parametrize('n', [1, 2])
def test_independent_covariance_is_block_diagonal(n):
    # as v7
    scale_tril = numpy.tril(_u(-0.5, 0.5, (2, 3, 2, 2))) + numpy.eye(2)
    base = D.MultivariateNormal(numpy.zeros((2, 3, 2)), scale_tril=scale_tril)
    cov = D.Independent(base, n).covariance
    # the 2 x 2 covariances grouped by joint event: 2 events of 3, or 1 of 6
    blocks = base.covariance.array.reshape((2 if n == 1 else 1, -1, 2, 2))
    expected = numpy.stack([
        numpy.block([[b[i] if i == j else numpy.zeros((2, 2)) for j in range(len(b))]
                     for i in range(len(b))]) for b in blocks])
    testing.assert_allclose(cov.array, expected.reshape(cov.shape))
    assert cov.shape == ((2, 6, 6) if n == 1 else (12, 12))

    def f(scale_tril):
        base = D.MultivariateNormal(numpy.zeros((2, 3, 2)), scale_tril=scale_tril)
        return D.Independent(base, n).covariance

    gradient_check.check_backward(
        f, scale_tril, _u(-1, 1, cov.shape), atol=1e-5, rtol=1e-4)
    with pytest.raises(NotImplementedError):  # the base has no covariance
        D.Independent(D.Normal(numpy.zeros((2, 3)), numpy.ones((2, 3)))).covariance


def test_cauchy_mean_and_variance_are_undefined():
    d = D.Cauchy(numpy.zeros(2, 'f'), numpy.ones(2, 'f'))
    with pytest.warns(RuntimeWarning):
        assert numpy.isnan(d.mean.array).all()
    with pytest.warns(RuntimeWarning):
        assert numpy.isnan(d.variance.array).all()


@numpy.errstate(invalid='ignore', divide='ignore')
def test_out_of_support():
    assert numpy.isneginf(D.Beta(numpy.ones(1, 'f'), numpy.ones(1, 'f'))
                          .log_prob(numpy.full(1, 1.5, 'f')).array).all()
    assert numpy.isneginf(D.Poisson(numpy.ones(1, 'f'))
                          .log_prob(numpy.full(1, 1.5, 'f')).array).all()
    assert numpy.isneginf(D.Geometric(numpy.full(1, 0.5, 'f'))
                          .log_prob(numpy.zeros(1, 'f')).array).all()
    assert numpy.isneginf(D.Bernoulli(numpy.full(1, 0.5, 'f'), binary_check=True)
                          .log_prob(numpy.full(1, 0.5, 'f')).array).all()
    ohc = D.OneHotCategorical(numpy.array([[0.5, 0.5, 0.]], 'f'))
    assert numpy.isneginf(ohc.log_prob(numpy.array([[0., 0., 1.]], 'f')).array).all()
    testing.assert_allclose(ohc.log_prob(numpy.array([[1., 0., 0.]], 'f')).array,
                            [numpy.log(0.5)])


def test_log_prob_of_integer_and_scalar_points():
    lam = numpy.array([0.5, 2.], 'f')
    x = numpy.array([1, 3], numpy.int32)
    expected = x * numpy.log(lam) - lam - numpy.log([1., 6.])
    # an integer Variable, as v7 takes it
    lp = D.Poisson(lam).log_prob(chainer.Variable(x))
    assert lp.dtype == numpy.float32
    testing.assert_allclose(lp.array, expected, rtol=1e-5)
    # a Python scalar point of a geometric distribution, as v7
    lp = D.Geometric(numpy.array([0.3, 0.5], 'f')).log_prob(2.)
    testing.assert_allclose(lp.array, numpy.log([0.21, 0.25]), rtol=1e-5)


def _scalar(value):
    return numpy.asarray(value, numpy.float32)


@pytest.mark.parametrize('dist,method,x,expected', [
    (lambda: D.Beta(_scalar(2.), _scalar(3.)), 'log_prob', 0.4, numpy.log(12 * 0.4 * 0.36)),
    (lambda: D.Cauchy(_scalar(0.), _scalar(1.)), 'icdf', 0.3, numpy.tan(-0.2 * numpy.pi)),
    (lambda: D.Exponential(_scalar(2.)), 'icdf', 0.3, -numpy.log(0.7) / 2),
])
def test_zero_dim_points(dist, method, x, expected):
    # the points of a scalar distribution as 0-dim arrays, as v7 takes them
    y = getattr(dist(), method)(_scalar(x))
    assert y.shape == () and y.dtype == numpy.float32
    testing.assert_allclose(y.array, expected, rtol=1e-5)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_poisson_and_dirichlet_samples_are_float32(dtype):
    # whatever the parameters' dtype, as v7
    assert D.Poisson(numpy.ones(2, dtype)).sample(3).dtype == numpy.float32
    assert D.Dirichlet(numpy.ones((2, 3), dtype)).sample(3).dtype == numpy.float32


def test_bernoulli_extreme_logits():
    d = D.Bernoulli(logit=numpy.array([numpy.inf, -numpy.inf], 'f'))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        lp1 = d.log_prob(numpy.ones(2, 'f')).array
        lp0 = d.log_prob(numpy.zeros(2, 'f')).array
    assert lp1[0] == 0 and numpy.isneginf(lp1[1])
    assert numpy.isneginf(lp0[0]) and lp0[1] == 0


@pytest.mark.parametrize('binary_check', [False, True])
def test_bernoulli_points_outside_zero_one(binary_check):
    # log_prob raises FloatingPointError (whatever numpy's error state), prob masks, as v7
    d = D.Bernoulli(numpy.array([0.3, 0.6, 0.2], 'f'), binary_check=binary_check)
    x = numpy.array([0., 2., 1.], 'f')
    with numpy.errstate(all='ignore'), pytest.raises(FloatingPointError):
        d.log_prob(x)
    expected = [0.7, 0.0 if binary_check else 0.8, 0.2]
    testing.assert_allclose(d.prob(x).array, expected, atol=1e-6)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_bernoulli_entropy_at_certain_outcomes(dtype):
    # 0 where p is 0 or 1, with the gradients v7 gives there (and the usual ones inside)
    p = chainer.Variable(numpy.array([0., 1., 0.2], dtype))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        entropy = D.Bernoulli(p).entropy
        chainer.functions.sum(entropy).backward()
    assert entropy.dtype == dtype
    testing.assert_allclose(
        entropy.array, [0., 0., -0.2 * numpy.log(0.2) - 0.8 * numpy.log(0.8)], rtol=1e-6)
    testing.assert_allclose(p.grad, [1., -1., numpy.log(4.)], rtol=1e-6)


@testing.fix_random()
def test_bernoulli_entropy_gradient():
    for dtype in [numpy.float32, numpy.float64]:
        gradient_check.check_backward(
            lambda p: D.Bernoulli(p).entropy, _u(0.2, 0.8, dtype=dtype),
            _u(-1, 1, dtype=dtype), dtype=numpy.float64, atol=1e-3, rtol=1e-3)
        gradient_check.check_backward(
            lambda logit: D.Bernoulli(logit=logit).entropy, _u(-2, 2, dtype=dtype),
            _u(-1, 1, dtype=dtype), dtype=numpy.float64, atol=1e-3, rtol=1e-3)


def test_pareto_moments_infinite_for_small_alpha():
    d = D.Pareto(numpy.ones(2, 'f'), numpy.array([0.5, 1.5], 'f'))
    assert numpy.isinf(d.mean.array[0]) and numpy.isfinite(d.mean.array[1])
    assert numpy.isinf(d.variance.array).all()


@testing.fix_random()
def test_reparameterized_samples_are_differentiable():
    loc = chainer.Variable(_u(-1, 1, dtype=numpy.float32))
    scale = chainer.Variable(_u(0.5, 1.5, dtype=numpy.float32))
    smp = D.Normal(loc, scale).sample(5)
    chainer.functions.sum(smp).backward()
    testing.assert_allclose(loc.grad, numpy.full((3, 2), 5.))
    assert scale.grad is not None


@testing.fix_random()
def test_log_prob_gradients():
    x = _u(-1, 1, (4, 3, 2))

    def f(loc, scale):
        return D.Normal(loc, scale).log_prob(x)

    gradient_check.check_backward(
        f, (_u(-1, 1), _u(0.5, 1.5)), _u(-1, 1, (4, 3, 2)), atol=1e-4, rtol=1e-3)

    x01 = _u(0.1, 0.9)

    def g(a, b):
        return D.Beta(a, b).log_prob(x01)

    gradient_check.check_backward(g, (_u(1, 2), _u(1, 2)), _u(-1, 1), atol=1e-4, rtol=1e-3)


def test_cached_parameters_follow_enable_backprop():
    p = chainer.Variable(numpy.full(2, 0.3, 'f'))
    d = D.Bernoulli(p)
    with chainer.no_backprop_mode():
        logit_no_graph = d.logit
    logit = d.logit
    assert logit_no_graph.creator is None
    assert logit.creator is not None
    assert d.logit is logit


# --- function nodes --------------------------------------------------------------------------


@testing.fix_random()
def test_bernoulli_log_prob_node():
    logit = _u(-2, 2)
    x = numpy.random.randint(0, 2, (3, 2)).astype(numpy.float64)
    y, = bernoulli.BernoulliLogProb().apply((logit, x))
    p = 1 / (1 + numpy.exp(-logit))
    testing.assert_allclose(y.array, x * numpy.log(p) + (1 - x) * numpy.log(1 - p))

    def f(logit):
        return bernoulli.BernoulliLogProb().apply((logit, x))[0]

    gradient_check.check_backward(f, logit, _u(-1, 1))
    gradient_check.check_double_backward(f, logit, _u(-1, 1), _u(-1, 1))


@testing.fix_random()
def test_laplace_cdf_and_icdf_nodes():
    y = _u(-2, 2)
    cdf, = laplace.LaplaceCDF().apply((y,))
    expected = numpy.where(y < 0, 0.5 * numpy.exp(y), 1 - 0.5 * numpy.exp(-y))
    testing.assert_allclose(cdf.array, expected)
    icdf, = laplace.LaplaceICDF().apply((cdf,))
    testing.assert_allclose(icdf.array, y, rtol=1e-6)

    def f(y):
        return laplace.LaplaceCDF().apply((y,))[0]

    def g(x):
        return laplace.LaplaceICDF().apply((x,))[0]

    gradient_check.check_backward(f, y, _u(-1, 1))
    gradient_check.check_backward(g, _u(0.1, 0.9), _u(-1, 1))
    gradient_check.check_double_backward(g, _u(0.1, 0.9), _u(-1, 1), _u(-1, 1))


@pytest.mark.parametrize('lower', [True, False])
@testing.fix_random()
def test_triangular_inv(lower):
    a = numpy.tril(_u(-1, 1, (2, 3, 3))) + 2 * numpy.eye(3)
    if not lower:
        a = numpy.swapaxes(a, -1, -2).copy()
    inv, = multivariate_normal.TriangularInv(lower).apply((a,))
    testing.assert_allclose(inv.array, numpy.linalg.inv(a), atol=1e-10)

    def f(a):
        return multivariate_normal.TriangularInv(lower).apply((a,))[0]

    mask = numpy.tri(3) if lower else numpy.tri(3).T
    # perturb only the triangle (the rest of the input is ignored)
    gradient_check.check_backward(
        lambda a: f(a * mask), a, _u(-1, 1, (2, 3, 3)), atol=1e-5, rtol=1e-4)


@pytest.mark.parametrize('lower', [True, False])
def test_triangular_inv_helpers(lower):
    # the module's helpers v7 tests call (the batched one under its v7 name)
    a = numpy.tril(_u(-1, 1, (2, 3, 3))) + 2 * numpy.eye(3)
    if not lower:
        a = numpy.swapaxes(a, -1, -2).copy()
    expected = numpy.linalg.inv(a)
    testing.assert_allclose(
        multivariate_normal._batch_triangular_inv(a, lower=lower).array, expected, atol=1e-10)
    testing.assert_allclose(
        multivariate_normal._triangular_inv(a[0], lower=lower).array, expected[0], atol=1e-10)


def test_triangular_logdet():
    a = numpy.tril(_u(-1, 1, (2, 3, 3))) + numpy.diag([2., -3., 4.])
    logdet = multivariate_normal._triangular_logdet(a)
    testing.assert_allclose(logdet.array, numpy.linalg.slogdet(a)[1])
    gradient_check.check_backward(
        multivariate_normal._triangular_logdet, a, _u(-1, 1, (2,)), atol=1e-5, rtol=1e-4)


def test_triangular_inv_type_check():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        multivariate_normal.TriangularInv().apply((numpy.zeros((2, 3), 'f'),))


def test_modified_xlogx():
    x = numpy.array([0., 0.5, 2.], 'f')
    y = dist_utils._modified_xlogx(x)
    testing.assert_allclose(y.array, [0., 0.5 * numpy.log(0.5), 2 * numpy.log(2.)])
    v = chainer.Variable(numpy.array([0.5, 2.], 'f'))
    chainer.functions.sum(dist_utils._modified_xlogx(v)).backward()
    testing.assert_allclose(v.grad, numpy.log(v.array) + 1)
    v = chainer.Variable(x)
    with pytest.warns(RuntimeWarning):
        chainer.functions.sum(dist_utils._modified_xlogx(v)).backward()
    assert v.grad[0] == 0
