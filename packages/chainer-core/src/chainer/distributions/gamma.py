"""The gamma distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


def _entropy(k, log_theta):
    # Entropy of Gamma(k, theta) (``log_theta``: a Variable or a float; also for Chisquare).
    F = chainer.functions
    return k + log_theta + F.lgamma(k) + (1 - k) * F.digamma(k)


def _log_prob(k, theta, log_theta, x):
    # Log density of Gamma(k, theta) at ``x``, -inf where ``x < 0`` (``theta``, ``log_theta``:
    # Variables or floats; also for Chisquare).
    F = chainer.functions
    logp = -F.lgamma(k) - k * log_theta + (k - 1) * F.log(x) - x / theta
    return dist_utils._fill_where(dist_utils._array(x) >= 0, logp, -numpy.inf)


class Gamma(_param_distribution.ParamDistribution):
    """Gamma distribution with shape ``k`` and scale ``theta``.

    Args:
        k (~chainer.Variable or array): Shape parameter (positive).
        theta (~chainer.Variable or array): Scale parameter (positive).
    """

    _param_names = ('k', 'theta')

    def __init__(self, k, theta):
        super().__init__(k, theta)

    @property
    def entropy(self):
        return _entropy(self.k, chainer.functions.log(self.theta))

    def log_prob(self, x):
        return _log_prob(self.k, self.theta, chainer.functions.log(self.theta), x)

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
