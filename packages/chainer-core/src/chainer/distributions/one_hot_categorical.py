"""The one-hot categorical distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import categorical
from chainer.distributions import _param_distribution
from chainer.distributions import utils as dist_utils


class OneHotCategorical(_param_distribution.ParamDistribution):
    """Categorical distribution whose samples are one-hot vectors of length ``K``.

    Args:
        p (~chainer.Variable or array): Probabilities along the last axis.
    """

    _param_names = ('p',)
    _event_ndim = 1

    def __init__(self, p):
        super().__init__(p)

    @property
    def entropy(self):
        return -chainer.functions.sum(dist_utils._modified_xlogx(self.p), axis=-1)

    def log_prob(self, x):
        F = chainer.functions
        xp = self.xp
        p = self.p.array
        safe_p = F.where(p > 0, self.p, xp.ones_like(p))
        logp = F.sum(x * F.log(safe_p), axis=-1)
        impossible = ((dist_utils._array(x) > 0) & (p == 0)).any(axis=-1)
        return dist_utils._fill_where(~impossible, logp, -numpy.inf)

    @property
    def mean(self):
        return self.p

    def sample_n(self, n):
        xp = self.xp
        p = self.p.array
        index = categorical._sample_categorical(xp, p, n)
        eye = xp.eye(p.shape[-1], dtype=p.dtype)
        return chainer.Variable(eye[index])

    @property
    def support(self):
        return '{0, 1}'

    @property
    def variance(self):
        return self.p * (1. - self.p)


@distribution.register_kl(OneHotCategorical, OneHotCategorical)
def _kl_one_hot_categorical(dist1, dist2):
    F = chainer.functions
    xp = dist2.xp
    p2 = dist2.p.array
    log_p2 = F.log(F.where(p2 > 0, dist2.p, xp.ones_like(p2)))
    kl = F.sum(dist_utils._modified_xlogx(dist1.p) - dist1.p * log_p2, axis=-1)
    impossible = ((dist1.p.array > 0) & (p2 == 0)).any(axis=-1)
    return dist_utils._fill_where(~impossible, kl, numpy.inf)
