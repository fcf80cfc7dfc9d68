"""chainer.distribution.kl_divergence of every registered pair against Monte Carlo estimates."""
import numpy
import pytest

import chainer
from chainer import distribution
from chainer import distributions as D
from chainer import testing

N_SAMPLES = 50000


def _u(low, high, shape=(3,)):
    return numpy.random.uniform(low, high, shape).astype(numpy.float32)


def _simplex(shape):
    return numpy.random.dirichlet(numpy.ones(shape[-1]), shape[:-1]).astype(numpy.float32)


def _tril(d):
    a = numpy.tril(_u(-0.3, 0.3, (3, d, d)))
    a[:, numpy.arange(d), numpy.arange(d)] = _u(0.7, 1.3, (3, d))
    return a


PAIRS = {
    'normal': lambda: (D.Normal(_u(-1, 1), _u(0.5, 1.5)), D.Normal(_u(-1, 1), _u(0.5, 1.5))),
    'log_normal': lambda: (D.LogNormal(_u(-0.5, 0.5), _u(0.3, 0.6)),
                           D.LogNormal(_u(-0.5, 0.5), _u(0.3, 0.6))),
    'laplace': lambda: (D.Laplace(_u(-1, 1), _u(0.5, 1.5)), D.Laplace(_u(-1, 1), _u(0.5, 1.5))),
    'exponential': lambda: (D.Exponential(_u(0.5, 2)), D.Exponential(_u(0.5, 2))),
    'gamma': lambda: (D.Gamma(_u(1, 3), _u(0.5, 1.5)), D.Gamma(_u(1, 3), _u(0.5, 1.5))),
    'beta': lambda: (D.Beta(_u(1, 3), _u(1, 3)), D.Beta(_u(1, 3), _u(1, 3))),
    'gumbel': lambda: (D.Gumbel(_u(-1, 1), _u(0.5, 1.5)), D.Gumbel(_u(-1, 1), _u(0.5, 1.5))),
    'pareto': lambda: (D.Pareto(_u(1.5, 2), _u(3, 4)), D.Pareto(_u(0.5, 1.5), _u(3, 4))),
    'uniform': lambda: (D.Uniform(low=_u(-1, -0.5), high=_u(0.5, 1)),
                        D.Uniform(low=_u(-2, -1), high=_u(1, 2))),
    'bernoulli': lambda: (D.Bernoulli(_u(0.2, 0.8)), D.Bernoulli(_u(0.2, 0.8))),
    'geometric': lambda: (D.Geometric(_u(0.3, 0.8)), D.Geometric(_u(0.3, 0.8))),
    'poisson': lambda: (D.Poisson(_u(0.5, 3)), D.Poisson(_u(0.5, 3))),
    'categorical': lambda: (D.Categorical(_simplex((3, 4))), D.Categorical(_simplex((3, 4)))),
    'one_hot_categorical': lambda: (D.OneHotCategorical(_simplex((3, 4))),
                                    D.OneHotCategorical(_simplex((3, 4)))),
    'dirichlet': lambda: (D.Dirichlet(_u(1, 3, (3, 4))), D.Dirichlet(_u(1, 3, (3, 4)))),
    'multivariate_normal': lambda: (D.MultivariateNormal(_u(-1, 1, (3, 2)), scale_tril=_tril(2)),
                                    D.MultivariateNormal(_u(-1, 1, (3, 2)), scale_tril=_tril(2))),
    'independent': lambda: (D.Independent(D.Normal(_u(-1, 1, (3, 2)), _u(0.5, 1.5, (3, 2)))),
                            D.Independent(D.Normal(_u(-1, 1, (3, 2)), _u(0.5, 1.5, (3, 2))))),
}


@pytest.mark.parametrize('name', sorted(PAIRS))
@testing.fix_random()
def test_kl_divergence_matches_monte_carlo(name):
    dist1, dist2 = PAIRS[name]()
    kl = distribution.kl_divergence(dist1, dist2)
    assert kl.shape == dist1.batch_shape
    assert kl.dtype == numpy.float32
    x = dist1.sample_n(N_SAMPLES)
    estimate = (dist1.log_prob(x) - dist2.log_prob(x)).array.astype(numpy.float64).mean(axis=0)
    testing.assert_allclose(kl.array, estimate, atol=3e-2, rtol=3e-2)
    assert (kl.array >= -1e-6).all()


@testing.fix_random()
def test_kl_divergence_is_zero_for_equal_distributions():
    loc, scale = _u(-1, 1), _u(0.5, 1.5)
    kl = distribution.kl_divergence(D.Normal(loc, scale), D.Normal(loc, scale))
    testing.assert_allclose(kl.array, numpy.zeros(3), atol=1e-6)


@testing.fix_random()
def test_kl_divergence_infinite_outside_support():
    inner = D.Uniform(low=_u(-1, -0.5), high=_u(0.5, 1))
    outer = D.Uniform(low=_u(-2, -1), high=_u(1, 2))
    assert numpy.isinf(distribution.kl_divergence(outer, inner).array).all()
    p1 = D.Pareto(_u(0.5, 1), _u(3, 4))
    p2 = D.Pareto(_u(1.5, 2), _u(3, 4))
    assert numpy.isinf(distribution.kl_divergence(p1, p2).array).all()


@testing.fix_random()
def test_kl_divergence_gradient():
    loc1 = chainer.Variable(_u(-1, 1))
    scale1 = chainer.Variable(_u(0.5, 1.5))
    dist2 = D.Normal(_u(-1, 1), _u(0.5, 1.5))
    kl = chainer.functions.sum(distribution.kl_divergence(D.Normal(loc1, scale1), dist2))
    kl.backward()
    # d KL / d loc1 = (loc1 - loc2) / scale2**2
    expected = (loc1.array - dist2.loc.array) / dist2.scale.array ** 2
    testing.assert_allclose(loc1.grad, expected, atol=1e-5, rtol=1e-4)
    assert scale1.grad is not None


@testing.fix_random()
def test_cross_entropy():
    dist1 = D.Normal(_u(-1, 1), _u(0.5, 1.5))
    dist2 = D.Normal(_u(-1, 1), _u(0.5, 1.5))
    ce = distribution.cross_entropy(dist1, dist2)
    x = dist1.sample_n(N_SAMPLES)
    estimate = -dist2.log_prob(x).array.astype(numpy.float64).mean(axis=0)
    testing.assert_allclose(ce.array, estimate, atol=3e-2, rtol=3e-2)


@pytest.mark.parametrize('error', [KeyError, NotImplementedError])
def test_unregistered_pair_raises(error):
    # a KeyError, as v7 (and a NotImplementedError)
    with pytest.raises(error, match='Normal and Bernoulli'):
        distribution.kl_divergence(D.Normal(numpy.zeros(2, 'f'), numpy.ones(2, 'f')),
                                   D.Bernoulli(numpy.full(2, 0.5, 'f')))


def test_register_kl_and_subclass_lookup():
    class MyNormal(D.Normal):
        pass

    class Other(distribution.Distribution):
        pass

    calls = []

    @distribution.register_kl(Other, Other)
    def _kl(d1, d2):
        calls.append((d1, d2))
        return 'kl'

    try:
        a, b = Other(), Other()
        assert distribution.kl_divergence(a, b) == 'kl'
        assert calls == [(a, b)]
        # a subclass uses the divergence registered for its base class
        d1 = MyNormal(numpy.zeros(2, 'f'), numpy.ones(2, 'f'))
        d2 = D.Normal(numpy.ones(2, 'f'), numpy.ones(2, 'f'))
        testing.assert_allclose(distribution.kl_divergence(d1, d2).array, [0.5, 0.5])
    finally:
        del distribution._KLDIVERGENCE[Other, Other]


def test_independent_kl_requires_same_event_shape():
    base = D.Normal(numpy.zeros((2, 3, 4), 'f'), numpy.ones((2, 3, 4), 'f'))
    with pytest.raises(ValueError):  # as v7
        distribution.kl_divergence(D.Independent(base, 1), D.Independent(base, 2))


def test_independent_kl_requires_same_reinterpreted_ndims():
    base = D.Normal(numpy.zeros((2, 3, 4), 'f'), numpy.ones((2, 3, 4), 'f'))
    nested = D.Independent(D.Independent(base, 1), 1)
    with pytest.raises(NotImplementedError):
        distribution.kl_divergence(nested, D.Independent(base, 2))
