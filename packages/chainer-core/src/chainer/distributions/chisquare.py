"""The chi-square distribution."""
import math

import numpy

import chainer
from chainer import distribution
from chainer.distributions import utils as dist_utils


class Chisquare(distribution.Distribution):
    """Chi-square distribution with ``k`` degrees of freedom.

    Args:
        k (~chainer.Variable or array): Degrees of freedom (positive).
    """

    def __init__(self, k):
        self.k = dist_utils._as_param(k)

    @property
    def params(self):
        return {'k': self.k}

    @property
    def batch_shape(self):
        return self.k.shape

    @property
    def entropy(self):
        F = chainer.functions
        half_k = 0.5 * self.k
        return half_k + math.log(2.) + F.lgamma(half_k) + (1 - half_k) * F.digamma(half_k)

    def log_prob(self, x):
        F = chainer.functions
        half_k = 0.5 * self.k
        logp = ((half_k - 1) * F.log(x) - 0.5 * x - half_k * math.log(2.)
                - F.lgamma(half_k))
        return dist_utils._fill_where(dist_utils._array(x) >= 0, logp, -numpy.inf)

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
