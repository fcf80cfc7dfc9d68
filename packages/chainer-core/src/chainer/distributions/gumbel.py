"""The Gumbel distribution."""
import math

import numpy

import chainer
from chainer import distribution
from chainer.distributions import _loc_scale

_EULER = float(numpy.euler_gamma)


class Gumbel(_loc_scale.LocScaleDistribution):
    """Gumbel (type-I extreme value) distribution with location ``loc`` and scale ``scale``.

    Args:
        loc (~chainer.Variable or array): Location (mode).
        scale (~chainer.Variable or array): Scale (positive).
    """

    _standard_sampler = 'gumbel'

    def cdf(self, x):
        F = chainer.functions
        return F.exp(-F.exp(-(x - self.loc) / self.scale))

    @property
    def entropy(self):
        return chainer.functions.log(self.scale) + (_EULER + 1)

    def icdf(self, x):
        F = chainer.functions
        return self.loc - self.scale * F.log(-F.log(x))

    def log_prob(self, x):
        F = chainer.functions
        y = (x - self.loc) / self.scale
        return -F.log(self.scale) - y - F.exp(-y)

    @property
    def mean(self):
        return self.loc + _EULER * self.scale

    @property
    def variance(self):
        return (math.pi ** 2 / 6) * self.scale ** 2


@distribution.register_kl(Gumbel, Gumbel)
def _kl_gumbel_gumbel(dist1, dist2):
    F = chainer.functions
    ratio = dist1.scale / dist2.scale
    return (F.log(dist2.scale) - F.log(dist1.scale) + (dist1.loc - dist2.loc) / dist2.scale
            + _EULER * (ratio - 1)
            + F.exp((dist2.loc - dist1.loc) / dist2.scale + F.lgamma(ratio + 1)) - 1)
