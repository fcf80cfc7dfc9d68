"""The chi-square distribution."""
import math

import chainer
from chainer.distributions import _param_distribution
from chainer.distributions import gamma

_LOG_2 = math.log(2.)


class Chisquare(_param_distribution.ParamDistribution):
    """Chi-square distribution with ``k`` degrees of freedom.

    Args:
        k (~chainer.Variable or array): Degrees of freedom (positive).
    """

    _param_names = ('k',)

    def __init__(self, k):
        super().__init__(k)

    # Chisquare(k) is Gamma(k / 2, 2).

    @property
    def entropy(self):
        return gamma._entropy(0.5 * self.k, _LOG_2)

    def log_prob(self, x):
        return gamma._log_prob(0.5 * self.k, 2., _LOG_2, x)

    @property
    def mean(self):
        return self.k

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.chisquare(self.k.array, (n,) + self.k.shape)
        return chainer.Variable(eps.astype(self.k.dtype))

    @property
    def support(self):
        return 'positive'

    @property
    def variance(self):
        return 2 * self.k
