"""The beta distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


def _lbeta(a, b):
    F = chainer.functions
    return F.lgamma(a) + F.lgamma(b) - F.lgamma(a + b)


class Beta(_param_distribution.ParamDistribution):
    """Beta distribution on ``[0, 1]`` with shape parameters ``a`` and ``b``.

    Args:
        a (~chainer.Variable or array): First shape parameter (positive).
        b (~chainer.Variable or array): Second shape parameter (positive).
    """

    _param_names = ('a', 'b')

    def __init__(self, a, b):
        super().__init__(a, b)

    @property
    def entropy(self):
        F = chainer.functions
        apb = self.a + self.b
        return (_lbeta(self.a, self.b) - (self.a - 1) * F.digamma(self.a)
                - (self.b - 1) * F.digamma(self.b) + (apb - 2) * F.digamma(apb))

    def log_prob(self, x):
        F = chainer.functions
        x = chainer.as_variable(x)  # a 0-dim array's arithmetic would give a NumPy scalar
        logp = ((self.a - 1) * F.log(x) + (self.b - 1) * F.log1p(-x)
                - _lbeta(self.a, self.b))
        x = dist_utils._array(x)
        return dist_utils._fill_where((x >= 0) & (x <= 1), logp, -numpy.inf)

    @property
    def mean(self):
        return self.a / (self.a + self.b)

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.beta(self.a.array, self.b.array, size=(n,) + self.a.shape)
        return chainer.Variable(eps.astype(self.a.dtype))

    @property
    def support(self):
        return '[0, 1]'

    @property
    def variance(self):
        apb = self.a + self.b
        return self.a * self.b / (apb ** 2 * (apb + 1))


@distribution.register_kl(Beta, Beta)
def _kl_beta_beta(dist1, dist2):
    F = chainer.functions
    a1, b1, a2, b2 = dist1.a, dist1.b, dist2.a, dist2.b
    return (_lbeta(a2, b2) - _lbeta(a1, b1) + (a1 - a2) * F.digamma(a1)
            + (b1 - b2) * F.digamma(b1) + (a2 - a1 + b2 - b1) * F.digamma(a1 + b1))
