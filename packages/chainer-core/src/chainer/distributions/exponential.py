"""The exponential distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


class Exponential(_param_distribution.ParamDistribution):
    """Exponential distribution with rate ``lam`` (density ``lam * exp(-lam * x)``).

    Args:
        lam (~chainer.Variable or array): Rate parameter (positive).
    """

    _param_names = ('lam',)

    def __init__(self, lam):
        super().__init__(lam)

    def cdf(self, x):
        y = -chainer.functions.expm1(-self.lam * x)
        return dist_utils._fill_where(dist_utils._array(x) >= 0, y, 0)

    @property
    def entropy(self):
        return 1 - chainer.functions.log(self.lam)

    def icdf(self, x):
        x = chainer.as_variable(x)  # a 0-dim array's arithmetic would give a NumPy scalar
        return -chainer.functions.log1p(-x) / self.lam

    def log_prob(self, x):
        logp = chainer.functions.log(self.lam) - self.lam * x
        return dist_utils._fill_where(dist_utils._array(x) >= 0, logp, -numpy.inf)

    @property
    def mean(self):
        return 1 / self.lam

    @property
    def mode(self):
        return chainer.Variable(self.xp.zeros(self.batch_shape, self.lam.dtype))

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.standard_exponential((n,) + self.lam.shape).astype(self.lam.dtype)
        return eps / self.lam

    @property
    def stddev(self):
        return 1 / self.lam

    @property
    def support(self):
        return 'positive'

    @property
    def variance(self):
        return 1 / self.lam ** 2


@distribution.register_kl(Exponential, Exponential)
def _kl_exponential_exponential(dist1, dist2):
    return (chainer.functions.log(dist1.lam) - chainer.functions.log(dist2.lam)
            + dist2.lam / dist1.lam - 1)
