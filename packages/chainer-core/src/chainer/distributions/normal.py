"""The normal (Gaussian) distribution."""
import math

import chainer
from chainer import distribution
from chainer.distributions import _loc_scale
from chainer.distributions import utils as dist_utils
from chainer.utils import argument
from chainer.utils import cache

_LOG_SQRT_2PI = 0.5 * math.log(2 * math.pi)
_ENTROPY_C = 0.5 * math.log(2 * math.pi * math.e)


class Normal(_loc_scale.LocScaleDistribution):
    """Normal distribution ``N(loc, scale**2)``.

    Args:
        loc (~chainer.Variable or array): Mean.
        scale (~chainer.Variable or array): Standard deviation (give either ``scale`` or
            the keyword argument ``log_scale``, its logarithm).
    """

    _standard_sampler = 'standard_normal'

    def __init__(self, loc, scale=None, **kwargs):
        # Not LocScaleDistribution's: the scale may be given by its logarithm instead.
        log_scale = None
        if kwargs:
            log_scale, = argument.parse_kwargs(kwargs, ('log_scale', None))
        if (scale is None) == (log_scale is None):
            raise ValueError('Either `scale` or `log_scale` (not both) must have a value.')
        self.loc = dist_utils._as_param(loc)
        if scale is not None:
            self._scale = dist_utils._as_param(scale)
            self._log_scale = None
            self.loc, self._scale = dist_utils._broadcast_params(self.loc, self._scale)
        else:
            self._log_scale = dist_utils._as_param(log_scale)
            self._scale = None
            self.loc, self._log_scale = dist_utils._broadcast_params(
                self.loc, self._log_scale)

    @cache.cached_property
    def scale(self):
        """Standard deviation (Variable)."""
        if self._scale is not None:
            return self._scale
        return chainer.functions.exp(self._log_scale)

    @cache.cached_property
    def log_scale(self):
        """Logarithm of the standard deviation (Variable)."""
        if self._log_scale is not None:
            return self._log_scale
        return chainer.functions.log(self._scale)

    def _standardize(self, x):
        return (x - self.loc) / self.scale

    def cdf(self, x):
        return chainer.functions.ndtr(self._standardize(x))

    @property
    def entropy(self):
        return self.log_scale + _ENTROPY_C

    def icdf(self, x):
        return self.loc + self.scale * chainer.functions.ndtri(x)

    def log_cdf(self, x):
        return chainer.functions.log_ndtr(self._standardize(x))

    def log_prob(self, x):
        y = self._standardize(x)
        return -_LOG_SQRT_2PI - self.log_scale - 0.5 * y * y

    def log_survival_function(self, x):
        return chainer.functions.log_ndtr(-self._standardize(x))

    @property
    def stddev(self):
        return self.scale

    def survival_function(self, x):
        return chainer.functions.ndtr(-self._standardize(x))

    @property
    def variance(self):
        return self.scale ** 2


@distribution.register_kl(Normal, Normal)
def _kl_normal_normal(dist1, dist2):
    return (dist2.log_scale - dist1.log_scale
            + 0.5 * (dist1.variance + (dist1.loc - dist2.loc) ** 2) / dist2.variance
            - 0.5)
