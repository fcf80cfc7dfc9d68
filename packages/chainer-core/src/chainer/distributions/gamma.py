"""The gamma distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import utils as dist_utils


class Gamma(distribution.Distribution):
    """Gamma distribution with shape ``k`` and scale ``theta``.

    Args:
        k (~chainer.Variable or array): Shape parameter (positive).
        theta (~chainer.Variable or array): Scale parameter (positive).
    """

    def __init__(self, k, theta):
        self.k, self.theta = dist_utils._broadcast_params(
            dist_utils._as_param(k), dist_utils._as_param(theta))

    @property
    def params(self):
        return {'k': self.k, 'theta': self.theta}

    @property
    def batch_shape(self):
        return self.k.shape

    @property
    def entropy(self):
        F = chainer.functions
        return (self.k + F.log(self.theta) + F.lgamma(self.k)
                + (1 - self.k) * F.digamma(self.k))

    def log_prob(self, x):
        F = chainer.functions
        logp = (-F.lgamma(self.k) - self.k * F.log(self.theta)
                + (self.k - 1) * F.log(x) - x / self.theta)
        return dist_utils._fill_where(dist_utils._array(x) >= 0, logp, -numpy.inf)

    @property
    def mean(self):
        return self.k * self.theta

    @property
    def mode(self):
        return (self.k - 1) * self.theta

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.gamma(self.k.array, size=(n,) + self.k.shape).astype(self.k.dtype)
        return eps * self.theta

    @property
    def support(self):
        return 'positive'

    @property
    def variance(self):
        return self.k * self.theta ** 2


@distribution.register_kl(Gamma, Gamma)
def _kl_gamma_gamma(dist1, dist2):
    F = chainer.functions
    return ((dist1.k - dist2.k) * F.digamma(dist1.k) - F.lgamma(dist1.k) + F.lgamma(dist2.k)
            + dist2.k * (F.log(dist2.theta) - F.log(dist1.theta))
            + dist1.k * (dist1.theta - dist2.theta) / dist2.theta)
