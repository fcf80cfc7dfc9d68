"""The Dirichlet distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution


def _lbeta(alpha):
    F = chainer.functions
    return F.sum(F.lgamma(alpha), axis=-1) - F.lgamma(F.sum(alpha, axis=-1))


class Dirichlet(_param_distribution.ParamDistribution):
    """Dirichlet distribution on the probability simplex with concentration ``alpha``.

    Args:
        alpha (~chainer.Variable or array): Concentration parameters along the last axis
            (positive).
    """

    _param_names = ('alpha',)
    _event_ndim = 1

    def __init__(self, alpha):
        super().__init__(alpha)

    @property
    def alpha0(self):
        """Sum of the concentration parameters (Variable of shape ``batch_shape``)."""
        return chainer.functions.sum(self.alpha, axis=-1)

    @property
    def entropy(self):
        F = chainer.functions
        k = self.alpha.shape[-1]
        alpha0 = self.alpha0
        return (_lbeta(self.alpha) + (alpha0 - k) * F.digamma(alpha0)
                - F.sum((self.alpha - 1) * F.digamma(self.alpha), axis=-1))

    def log_prob(self, x):
        F = chainer.functions
        return F.sum((self.alpha - 1) * F.log(x), axis=-1) - _lbeta(self.alpha)

    @property
    def mean(self):
        alpha0 = chainer.functions.sum(self.alpha, axis=-1, keepdims=True)
        return self.alpha / alpha0

    def sample_n(self, n):
        xp = self.xp
        alpha = self.alpha.array
        g = xp.random.gamma(alpha, size=(n,) + alpha.shape)
        # float32 whatever alpha's dtype, as v7
        return chainer.Variable((g / g.sum(axis=-1, keepdims=True)).astype(numpy.float32))

    @property
    def support(self):
        return '[0, 1]'

    @property
    def variance(self):
        alpha0 = chainer.functions.sum(self.alpha, axis=-1, keepdims=True)
        return self.alpha * (alpha0 - self.alpha) / (alpha0 ** 2 * (alpha0 + 1))


@distribution.register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(dist1, dist2):
    F = chainer.functions
    alpha0 = F.sum(dist1.alpha, axis=-1, keepdims=True)
    return (_lbeta(dist2.alpha) - _lbeta(dist1.alpha)
            + F.sum((dist1.alpha - dist2.alpha)
                    * (F.digamma(dist1.alpha) - F.digamma(alpha0)), axis=-1))
