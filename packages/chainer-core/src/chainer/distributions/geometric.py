"""The geometric distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


class Geometric(_param_distribution.ParamDistribution):
    """Geometric distribution: the number of Bernoulli(``p``) trials up to the first success.

    The support is ``{1, 2, ...}``.

    Args:
        p (~chainer.Variable or array): Success probability of each trial.
    """

    _param_names = ('p',)

    def __init__(self, p):
        super().__init__(p)

    @property
    def entropy(self):
        return -(dist_utils._modified_xlogx(1 - self.p)
                 + dist_utils._modified_xlogx(self.p)) / self.p

    def log_prob(self, x):
        F = chainer.functions
        logp = (x - 1) * F.log1p(-self.p) + F.log(self.p)
        x = self.xp.asarray(dist_utils._array(x))
        return dist_utils._fill_where((x >= 1) & (x == x.round()), logp, -numpy.inf)

    @property
    def mean(self):
        return 1 / self.p

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.geometric(self.p.array, size=(n,) + self.p.shape)
        return chainer.Variable(eps.astype(self.p.dtype))

    @property
    def support(self):
        return 'positive integer'

    @property
    def variance(self):
        return (1 - self.p) / self.p ** 2


@distribution.register_kl(Geometric, Geometric)
def _kl_geometric_geometric(dist1, dist2):
    F = chainer.functions
    return (F.log(dist1.p) - F.log(dist2.p)
            + (1 - dist1.p) / dist1.p * (F.log1p(-dist1.p) - F.log1p(-dist2.p)))
