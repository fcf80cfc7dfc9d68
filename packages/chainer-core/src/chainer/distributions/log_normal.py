"""The log-normal distribution."""
import math

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution

_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)


class LogNormal(_param_distribution.ParamDistribution):
    """Log-normal distribution: ``log(X)`` follows ``N(mu, sigma**2)``.

    Args:
        mu (~chainer.Variable or array): Mean of ``log(X)``.
        sigma (~chainer.Variable or array): Standard deviation of ``log(X)``.
    """

    _param_names = ('mu', 'sigma')

    def __init__(self, mu, sigma):
        super().__init__(mu, sigma)

    @property
    def entropy(self):
        return 0.5 + _LOG_SQRT_2PI + chainer.functions.log(self.sigma) + self.mu

    def log_prob(self, x):
        logx = chainer.functions.log(x)
        y = (logx - self.mu) / self.sigma
        return -logx - _LOG_SQRT_2PI - chainer.functions.log(self.sigma) - 0.5 * y * y

    @property
    def mean(self):
        return chainer.functions.exp(self.mu + 0.5 * self.sigma ** 2)

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.standard_normal((n,) + self.mu.shape).astype(self.mu.dtype)
        return chainer.functions.exp(self.mu + self.sigma * eps)

    @property
    def support(self):
        return 'positive'

    @property
    def variance(self):
        s2 = self.sigma ** 2
        return chainer.functions.expm1(s2) * chainer.functions.exp(2 * self.mu + s2)


@distribution.register_kl(LogNormal, LogNormal)
def _kl_log_normal_log_normal(dist1, dist2):
    return (chainer.functions.log(dist2.sigma) - chainer.functions.log(dist1.sigma)
            + 0.5 * (dist1.sigma ** 2 + (dist1.mu - dist2.mu) ** 2) / dist2.sigma ** 2
            - 0.5)
