"""The Pareto distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


class Pareto(_param_distribution.ParamDistribution):
    """Pareto distribution with scale (minimum) ``scale`` and shape ``alpha``.

    Args:
        scale (~chainer.Variable or array): Scale parameter (the minimum of the support).
        alpha (~chainer.Variable or array): Shape parameter (positive).
    """

    _param_names = ('scale', 'alpha')

    def __init__(self, scale, alpha):
        super().__init__(scale, alpha)

    def cdf(self, x):
        y = 1 - (self.scale / x) ** self.alpha
        return dist_utils._fill_where(dist_utils._array(x) >= self.scale.array, y, 0)

    @property
    def entropy(self):
        F = chainer.functions
        return F.log(self.scale) - F.log(self.alpha) + 1 / self.alpha + 1

    def icdf(self, x):
        return self.scale * (1 - x) ** (-1 / self.alpha)

    def log_prob(self, x):
        F = chainer.functions
        logp = (F.log(self.alpha) + self.alpha * F.log(self.scale)
                - (self.alpha + 1) * F.log(x))
        return dist_utils._fill_where(
            dist_utils._array(x) >= self.scale.array, logp, -numpy.inf)

    @property
    def mean(self):
        mean = self.alpha * self.scale / (self.alpha - 1)
        return dist_utils._fill_where(self.alpha.array > 1, mean, numpy.inf)

    @property
    def mode(self):
        return self.scale

    def sample_n(self, n):
        xp = self.xp
        u = xp.random.uniform(size=(n,) + self.scale.shape).astype(self.scale.dtype)
        # 1 - u is in (0, 1], so the samples are finite and at least ``scale``
        return self.scale * chainer.Variable(1 - u) ** (-1 / self.alpha)

    @property
    def support(self):
        return '[scale, inf]'

    @property
    def variance(self):
        a = self.alpha
        var = self.scale ** 2 * a / ((a - 1) ** 2 * (a - 2))
        return dist_utils._fill_where(a.array > 2, var, numpy.inf)


@distribution.register_kl(Pareto, Pareto)
def _kl_pareto_pareto(dist1, dist2):
    F = chainer.functions
    kl = (F.log(dist1.alpha) - F.log(dist2.alpha)
          + dist2.alpha * (F.log(dist1.scale) - F.log(dist2.scale))
          + dist2.alpha / dist1.alpha - 1)
    return dist_utils._fill_where(dist1.scale.array >= dist2.scale.array, kl, numpy.inf)
