"""Each distribution against scipy.stats, through chainer.testing.distribution_unittest."""
import numpy
import pytest
from scipy import stats

from chainer import distributions
from chainer import testing

_PARAMS = testing.product({'shape': [(3, 2), ()], 'is_variable': [True, False]})


def _uniform(low, high, shape):
    return numpy.random.uniform(low, high, shape).astype(numpy.float32)


class _Base(testing.distribution_unittest):
    # Not collected itself; each test class below sets ``__test__ = True``.
    __test__ = False
    n_samples_for_sample_test = 20000
    sample_test_options = {'atol': 5e-2, 'rtol': 5e-2}
    check_options = {'atol': 1e-4, 'rtol': 1e-3}

    def _sample_shape(self):
        return tuple(self.sample_shape) + tuple(self.shape)


class _LocScale(_Base):
    """A location-scale family: ``loc`` and ``scale`` as in its ``scipy_distribution``, points
    of the tests drawn by ``numpy.random.<standard_sampler>``."""

    def setUp_configure(self):
        self.dist = self.distribution
        self.scipy_dist = self.scipy_distribution
        loc = _uniform(-1, 1, self.shape)
        scale = _uniform(0.5, 1.5, self.shape)
        self.params = {'loc': loc, 'scale': scale}
        self.scipy_params = {'loc': loc, 'scale': scale}

    def sample_for_test(self):
        sampler = getattr(numpy.random, self.standard_sampler)
        return sampler(size=self._sample_shape()).astype(numpy.float32)


class _OneByOne:
    """SciPy multivariate distribution called one batch element at a time (float64)."""

    def __init__(self, dist, transpose_x=False):
        self.dist = dist
        self.transpose_x = transpose_x

    def _x(self, x):
        x = numpy.asarray(x, numpy.float64)
        if self.transpose_x:
            x = x / x.sum(axis=-1, keepdims=True)
            return x.T
        return x

    def logpdf(self, x, **params):
        return self.dist.logpdf(self._x(x), **params)

    def pdf(self, x, **params):
        return self.dist.pdf(self._x(x), **params)

    def logpmf(self, x, **params):
        return self.dist.logpmf(self._x(x), **params)

    def pmf(self, x, **params):
        return self.dist.pmf(self._x(x), **params)

    def entropy(self, **params):
        return self.dist.entropy(**params)

    def mean(self, **params):
        if hasattr(self.dist, 'mean'):
            return self.dist.mean(**params)
        return self.dist(**params).mean  # a frozen multivariate_normal

    def var(self, **params):
        if hasattr(self.dist, 'var'):
            return self.dist.var(**params)
        return numpy.diagonal(self.dist.cov(**params), axis1=-2, axis2=-1)

    def rvs(self, size, **params):
        return self.dist.rvs(size=size, **params)


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestNormal(_LocScale):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'event_shape', 'icdf', 'log_cdf',
                    'log_prob', 'log_survival', 'mean', 'prob', 'sample', 'stddev',
                    'support', 'survival', 'variance'}
    distribution = distributions.Normal
    scipy_distribution = stats.norm
    standard_sampler = 'normal'


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestNormalLogScale(_LocScale):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'log_prob', 'mean', 'variance', 'sample'}
    standard_sampler = 'normal'

    def setUp_configure(self):
        self.dist = distributions.Normal
        self.scipy_dist = stats.norm
        loc = _uniform(-1, 1, self.shape)
        log_scale = _uniform(-0.5, 0.5, self.shape)
        self.params = {'loc': loc, 'log_scale': log_scale}
        self.scipy_params = {'loc': loc, 'scale': numpy.exp(log_scale)}


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestLogNormal(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'event_shape', 'log_prob', 'mean', 'prob',
                    'sample', 'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.LogNormal
        self.scipy_dist = stats.lognorm
        mu = _uniform(-0.5, 0.5, self.shape)
        sigma = _uniform(0.2, 0.5, self.shape)
        self.params = {'mu': mu, 'sigma': sigma}
        self.scipy_params = {'s': sigma, 'scale': numpy.exp(mu)}
        self.support = 'positive'

    def sample_for_test(self):
        return _uniform(0.1, 3, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestCauchy(_LocScale):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'icdf', 'log_prob', 'prob', 'support'}
    distribution = distributions.Cauchy
    scipy_distribution = stats.cauchy
    standard_sampler = 'standard_cauchy'


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestLaplace(_LocScale):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'icdf', 'log_prob', 'mean', 'prob',
                    'sample', 'stddev', 'support', 'variance'}
    distribution = distributions.Laplace
    scipy_distribution = stats.laplace
    standard_sampler = 'laplace'


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestExponential(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'icdf', 'log_prob', 'mean', 'prob',
                    'sample', 'stddev', 'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Exponential
        self.scipy_dist = stats.expon
        lam = _uniform(0.5, 2, self.shape)
        self.params = {'lam': lam}
        self.scipy_params = {'scale': 1 / lam}
        self.support = 'positive'

    def sample_for_test(self):
        # includes negative points, outside of the support
        return _uniform(-1, 4, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestGamma(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'log_prob', 'mean', 'prob', 'sample',
                    'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Gamma
        self.scipy_dist = stats.gamma
        k = _uniform(1, 3, self.shape)
        theta = _uniform(0.5, 1.5, self.shape)
        self.params = {'k': k, 'theta': theta}
        self.scipy_params = {'a': k, 'scale': theta}
        self.support = 'positive'

    def sample_for_test(self):
        return _uniform(0.1, 5, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestChisquare(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'log_prob', 'mean', 'prob', 'sample',
                    'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Chisquare
        self.scipy_dist = stats.chi2
        k = _uniform(1, 4, self.shape)
        self.params = {'k': k}
        self.scipy_params = {'df': k}
        self.support = 'positive'

    def sample_for_test(self):
        return _uniform(0.1, 5, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestBeta(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'log_prob', 'mean', 'prob', 'sample',
                    'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Beta
        self.scipy_dist = stats.beta
        a = _uniform(0.5, 3, self.shape)
        b = _uniform(0.5, 3, self.shape)
        self.params = {'a': a, 'b': b}
        self.scipy_params = {'a': a, 'b': b}
        self.support = '[0, 1]'

    def sample_for_test(self):
        return _uniform(0.05, 0.95, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestGumbel(_LocScale):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'icdf', 'log_prob', 'mean', 'prob',
                    'sample', 'support', 'variance'}
    distribution = distributions.Gumbel
    scipy_distribution = stats.gumbel_r
    standard_sampler = 'gumbel'


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestPareto(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'icdf', 'log_prob', 'mean', 'prob',
                    'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Pareto
        self.scipy_dist = stats.pareto
        scale = _uniform(0.5, 1.5, self.shape)
        alpha = _uniform(2.5, 4, self.shape)
        self.params = {'scale': scale, 'alpha': alpha}
        self.scipy_params = {'b': alpha, 'scale': scale}
        self.support = '[scale, inf]'

    def sample_for_test(self):
        # includes points below the scale, outside of the support
        return _uniform(0.2, 5, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestParetoSample(_Base):
    __test__ = True
    # heavy tails: compare the samples' mean and spread with large alpha only
    test_targets = {'sample'}
    sample_test_options = {'atol': 5e-2, 'rtol': 1e-1}

    def setUp_configure(self):
        self.dist = distributions.Pareto
        self.scipy_dist = stats.pareto
        scale = _uniform(0.5, 1.5, self.shape)
        alpha = _uniform(8, 10, self.shape)
        self.params = {'scale': scale, 'alpha': alpha}
        self.scipy_params = {'b': alpha, 'scale': scale}


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestUniform(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'cdf', 'entropy', 'icdf', 'log_prob', 'mean', 'prob',
                    'sample', 'stddev', 'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Uniform
        self.scipy_dist = stats.uniform
        low = _uniform(-1, 0, self.shape)
        high = _uniform(0.5, 2, self.shape)
        self.params = {'low': low, 'high': high}
        self.scipy_params = {'loc': low, 'scale': high - low}
        self.support = '[low, high]'

    def sample_for_test(self):
        # includes points outside of [low, high]
        return _uniform(-1.5, 2.5, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestUniformLocScale(_Base):
    __test__ = True
    test_targets = {'cdf', 'log_prob', 'mean', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Uniform
        self.scipy_dist = stats.uniform
        loc = _uniform(-1, 0, self.shape)
        scale = _uniform(0.5, 2, self.shape)
        self.params = {'loc': loc, 'scale': scale}
        self.scipy_params = {'loc': loc, 'scale': scale}

    def sample_for_test(self):
        return _uniform(-1.5, 2.5, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestBernoulli(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'log_prob', 'mean', 'prob', 'sample',
                    'stddev', 'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Bernoulli
        self.scipy_dist = stats.bernoulli
        p = _uniform(0.1, 0.9, self.shape)
        self.params = {'p': p}
        self.scipy_params = {'p': p}
        self.support = '{0, 1}'
        self.continuous = False

    def sample_for_test(self):
        return numpy.random.randint(0, 2, self._sample_shape()).astype(numpy.float32)


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestBernoulliLogit(_Base):
    __test__ = True
    test_targets = {'entropy', 'log_prob', 'mean', 'prob', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Bernoulli
        self.scipy_dist = stats.bernoulli
        logit = _uniform(-3, 3, self.shape)
        self.params = {'logit': logit}
        self.scipy_params = {'p': 1 / (1 + numpy.exp(-logit.astype(numpy.float64)))}
        self.continuous = False
        self.options = {'binary_check': True}

    def sample_for_test(self):
        return numpy.random.randint(0, 2, self._sample_shape()).astype(numpy.float32)


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestGeometric(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'log_prob', 'mean', 'prob', 'sample',
                    'support', 'variance'}

    def setUp_configure(self):
        self.dist = distributions.Geometric
        self.scipy_dist = stats.geom
        p = _uniform(0.3, 0.9, self.shape)
        self.params = {'p': p}
        self.scipy_params = {'p': p}
        self.support = 'positive integer'
        self.continuous = False

    def sample_for_test(self):
        return numpy.random.randint(1, 6, self._sample_shape()).astype(numpy.float32)


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestPoisson(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'log_prob', 'mean', 'prob', 'sample', 'support',
                    'variance'}

    def setUp_configure(self):
        self.dist = distributions.Poisson
        self.scipy_dist = stats.poisson
        lam = _uniform(0.5, 3, self.shape)
        self.params = {'lam': lam}
        self.scipy_params = {'mu': lam}
        self.support = 'non negative integer'
        self.continuous = False

    def sample_for_test(self):
        return numpy.random.randint(0, 6, self._sample_shape()).astype(numpy.float32)


class _ScipyCategorical:
    """Categorical probabilities in the form of scipy.stats (``p`` along the last axis)."""

    @staticmethod
    def _p(p, x):
        x = numpy.asarray(x).astype(numpy.int64)
        p = numpy.broadcast_to(p, x.shape + p.shape[-1:])
        return numpy.take_along_axis(p, x[..., None], -1)[..., 0]

    def pmf(self, x, p):
        return self._p(p, x)

    def logpmf(self, x, p):
        return numpy.log(self._p(p, x))

    def entropy(self, p):
        return -(p * numpy.log(p)).sum(axis=-1)

    def rvs(self, size, p):
        cdf = numpy.cumsum(p, axis=-1)
        u = numpy.random.uniform(size=tuple(size) + (1,))
        return (cdf <= u * cdf[..., -1:]).sum(axis=-1)


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestCategorical(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'event_shape', 'log_prob', 'prob', 'sample'}

    def setUp_configure(self):
        self.dist = distributions.Categorical
        self.scipy_dist = _ScipyCategorical()
        p = numpy.random.dirichlet(numpy.ones(4), self.shape).astype(numpy.float32)
        self.params = {'p': p}
        self.scipy_params = {'p': p}
        self.continuous = False

    def sample_for_test(self):
        return numpy.random.randint(0, 4, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestCategoricalLogit(_Base):
    __test__ = True
    test_targets = {'entropy', 'log_prob', 'prob'}

    def setUp_configure(self):
        self.dist = distributions.Categorical
        self.scipy_dist = _ScipyCategorical()
        logit = _uniform(-2, 2, self.shape + (4,))
        p = numpy.exp(logit.astype(numpy.float64))
        p /= p.sum(axis=-1, keepdims=True)
        self.params = {'logit': logit}
        self.scipy_params = {'p': p}
        self.continuous = False

    def sample_for_test(self):
        return numpy.random.randint(0, 4, self._sample_shape())


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestOneHotCategorical(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'event_shape', 'log_prob', 'mean', 'prob',
                    'sample', 'support', 'variance'}
    scipy_onebyone = True

    def setUp_configure(self):
        self.dist = distributions.OneHotCategorical
        self.scipy_dist = _OneByOne(stats.multinomial)
        p = numpy.random.dirichlet(numpy.ones(3), self.shape).astype(numpy.float32)
        self.event_shape = (3,)
        self.params = {'p': p}
        p64 = p.astype(numpy.float64)
        self.scipy_params = {'n': 1, 'p': p64 / p64.sum(axis=-1, keepdims=True)}
        self.support = '{0, 1}'
        self.continuous = False

    def sample_for_test(self):
        index = numpy.random.randint(0, 3, self._sample_shape())
        return numpy.eye(3, dtype=numpy.float32)[index]


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestDirichlet(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'event_shape', 'log_prob', 'mean', 'prob',
                    'sample', 'support', 'variance'}
    scipy_onebyone = True

    def setUp_configure(self):
        self.dist = distributions.Dirichlet
        self.scipy_dist = _OneByOne(stats.dirichlet, transpose_x=True)
        alpha = _uniform(0.5, 3, self.shape + (3,))
        self.event_shape = (3,)
        self.params = {'alpha': alpha}
        self.scipy_params = {'alpha': alpha.astype(numpy.float64)}
        self.support = '[0, 1]'

    def sample_for_test(self):
        return numpy.random.dirichlet(
            numpy.ones(3), self._sample_shape()).astype(numpy.float32)


@testing.parameterize(*_PARAMS)
@testing.fix_random()
class TestMultivariateNormal(_Base):
    __test__ = True
    test_targets = {'batch_shape', 'entropy', 'event_shape', 'log_prob', 'mean', 'prob',
                    'sample', 'support'}
    scipy_onebyone = True

    def setUp_configure(self):
        self.dist = distributions.MultivariateNormal
        self.scipy_dist = _OneByOne(stats.multivariate_normal)
        d = 3
        loc = _uniform(-1, 1, self.shape + (d,))
        scale_tril = numpy.tril(_uniform(-0.5, 0.5, self.shape + (d, d)))
        diag = numpy.arange(d)
        scale_tril[..., diag, diag] = _uniform(0.5, 1.5, self.shape + (d,))
        cov = numpy.matmul(scale_tril.astype(numpy.float64),
                           numpy.swapaxes(scale_tril, -1, -2).astype(numpy.float64))
        self.event_shape = (d,)
        self.params = {'loc': loc, 'scale_tril': scale_tril}
        self.scipy_params = {'mean': loc.astype(numpy.float64), 'cov': cov}

    def sample_for_test(self):
        return numpy.random.normal(
            size=self._sample_shape() + (3,)).astype(numpy.float32)


@testing.fix_random()
class TestIndependentNormal(_Base):
    __test__ = True
    shape = (3,)
    test_targets = {'batch_shape', 'cdf', 'event_shape', 'log_cdf', 'log_prob', 'log_survival',
                    'mean', 'sample', 'survival', 'variance'}

    def setUp_configure(self):
        base = distributions.Normal

        def dist(loc, scale):
            return distributions.Independent(base(loc, scale), reinterpreted_batch_ndims=1)

        self.dist = dist
        self.scipy_dist = _ScipyIndependentNormal()
        loc = _uniform(-1, 1, (3, 2))
        scale = _uniform(0.5, 1.5, (3, 2))
        self.event_shape = (2,)
        self.params = {'loc': loc, 'scale': scale}
        self.scipy_params = {'loc': loc, 'scale': scale}

    def sample_for_test(self):
        return numpy.random.normal(size=(3, 2) + (3, 2)).astype(numpy.float32)


class _ScipyIndependentNormal:
    # The joint CDF and survival function of the event are products over its axis (v7's
    # survival function is P(X_i > x_i for every i), not 1 - CDF).
    def logpdf(self, x, loc, scale):
        return stats.norm.logpdf(x, loc, scale).sum(axis=-1)

    def cdf(self, x, loc, scale):
        return stats.norm.cdf(x, loc, scale).prod(axis=-1)

    def logcdf(self, x, loc, scale):
        return stats.norm.logcdf(x, loc, scale).sum(axis=-1)

    def sf(self, x, loc, scale):
        return stats.norm.sf(x, loc, scale).prod(axis=-1)

    def logsf(self, x, loc, scale):
        return stats.norm.logsf(x, loc, scale).sum(axis=-1)

    def mean(self, loc, scale):
        return loc

    def var(self, loc, scale):
        return scale ** 2

    def rvs(self, size, loc, scale):
        return stats.norm.rvs(size=tuple(size) + (2,), loc=loc, scale=scale)


def test_independent_icdf_is_not_invertible():
    ones = numpy.ones((2, 3), numpy.float32)
    dist = distributions.Independent(distributions.Normal(ones, ones))
    with pytest.raises(RuntimeError, match='not invertible'):
        dist.icdf(numpy.full((2, 3), 0.5, numpy.float32))


@pytest.mark.parametrize('params', [{'p': numpy.array([0.2, 0.9], numpy.float16)},
                                    {'logit': numpy.array([-1., 2.], numpy.float64)}])
def test_bernoulli_samples_are_integers(params):
    sample = distributions.Bernoulli(**params).sample(50)
    assert sample.dtype == numpy.int64 and sample.shape == (50, 2)
    assert set(numpy.unique(sample.array)) <= {0, 1}


def test_multivariate_normal_available_cpu_as_v7():
    from chainer.distributions import multivariate_normal
    assert multivariate_normal.available_cpu is True
