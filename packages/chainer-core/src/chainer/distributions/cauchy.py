"""The Cauchy distribution."""
import math
import warnings

import numpy

import chainer
from chainer.distributions import _loc_scale


class Cauchy(_loc_scale.LocScaleDistribution):
    """Cauchy distribution with location ``loc`` and scale ``scale``.

    Its mean and variance are undefined: :attr:`mean` and :attr:`variance` warn and return
    NaN arrays.

    Args:
        loc (~chainer.Variable or array): Location (median).
        scale (~chainer.Variable or array): Scale (half width at half maximum).
    """

    _standard_sampler = 'standard_cauchy'

    def cdf(self, x):
        return chainer.functions.arctan((x - self.loc) / self.scale) / math.pi + 0.5

    @property
    def entropy(self):
        return chainer.functions.log(4 * math.pi * self.scale)

    def icdf(self, x):
        x = chainer.as_variable(x)  # a 0-dim array's arithmetic would give a NumPy scalar
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
    def variance(self):
        return self._nan('Variance')
