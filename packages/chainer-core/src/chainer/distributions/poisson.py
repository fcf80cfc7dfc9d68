"""The Poisson distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


class Poisson(_param_distribution.ParamDistribution):
    """Poisson distribution with rate ``lam``.

    Args:
        lam (~chainer.Variable or array): Rate (mean) parameter (positive).
    """

    _param_names = ('lam',)

    def __init__(self, lam):
        super().__init__(lam)

    def log_prob(self, x):
        F = chainer.functions
        x_array = self.xp.asarray(dist_utils._array(x))
        if isinstance(x, chainer.Variable):
            if x.dtype != self.lam.dtype:  # integer counts, as v7 takes them
                x = F.cast(x, self.lam.dtype)
        else:
            x = chainer.Variable(x_array.astype(self.lam.dtype))
        logp = x * F.log(self.lam) - self.lam - F.lgamma(x + 1)
        return dist_utils._fill_where(
            (x_array >= 0) & (x_array == x_array.round()), logp, -numpy.inf)

    @property
    def mean(self):
        return self.lam

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.poisson(self.lam.array, size=(n,) + self.lam.shape)
        return chainer.Variable(eps.astype(numpy.float32))  # float32 whatever lam's dtype, as v7

    @property
    def support(self):
        return 'non negative integer'

    @property
    def variance(self):
        return self.lam


@distribution.register_kl(Poisson, Poisson)
def _kl_poisson_poisson(dist1, dist2):
    F = chainer.functions
    return dist1.lam * (F.log(dist1.lam) - F.log(dist2.lam)) - dist1.lam + dist2.lam
