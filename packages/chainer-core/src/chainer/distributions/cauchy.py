"""The Cauchy distribution."""
import math
import warnings

import numpy

import chainer
from chainer import distribution
from chainer.distributions import utils as dist_utils


class Cauchy(distribution.Distribution):
    """Cauchy distribution with location ``loc`` and scale ``scale``.

    Its mean and variance are undefined: :attr:`mean` and :attr:`variance` warn and return
    NaN arrays.

    Args:
        loc (~chainer.Variable or array): Location (median).
        scale (~chainer.Variable or array): Scale (half width at half maximum).
    """

    def __init__(self, loc, scale):
        self.loc, self.scale = dist_utils._broadcast_params(
            dist_utils._as_param(loc), dist_utils._as_param(scale))

    @property
    def params(self):
        return {'loc': self.loc, 'scale': self.scale}

    @property
    def batch_shape(self):
        return self.loc.shape

    def cdf(self, x):
        return chainer.functions.arctan((x - self.loc) / self.scale) / math.pi + 0.5

    @property
    def entropy(self):
        return chainer.functions.log(4 * math.pi * self.scale)

    def icdf(self, x):
        return self.loc + self.scale * chainer.functions.tan((x - 0.5) * math.pi)

    def log_prob(self, x):
        y = (x - self.loc) / self.scale
        return -math.log(math.pi) - chainer.functions.log(self.scale) \
            - chainer.functions.log1p(y * y)

    def _nan(self, what):
        warnings.warn('{} of the Cauchy distribution is undefined.'.format(what),
                      RuntimeWarning)
        xp = self.xp
        return chainer.Variable(xp.full(self.batch_shape, numpy.nan, dtype=self.loc.dtype))

    @property
    def mean(self):
        return self._nan('Mean')

    @property
    def mode(self):
        return self.loc

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.standard_cauchy((n,) + self.loc.shape).astype(self.loc.dtype)
        return self.loc + self.scale * eps

    @property
    def support(self):
        return 'real'

    @property
    def variance(self):
        return self._nan('Variance')
