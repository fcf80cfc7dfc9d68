"""The continuous uniform distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import utils as dist_utils
from chainer.utils import argument


class Uniform(distribution.Distribution):
    """Uniform distribution on ``[low, high]``.

    Give either ``low`` and ``high``, or ``loc`` (= ``low``) and ``scale``
    (= ``high - low``), as keyword arguments.

    Args:
        low (~chainer.Variable or array): Lower bound.
        high (~chainer.Variable or array): Upper bound.
        loc (~chainer.Variable or array): Lower bound.
        scale (~chainer.Variable or array): Width of the interval.
    """

    def __init__(self, **kwargs):
        low, high, loc, scale = argument.parse_kwargs(
            kwargs, ('low', None), ('high', None), ('loc', None), ('scale', None))
        if not ((low is None) == (high is None) and (loc is None) == (scale is None)
                and (low is None) != (loc is None)):
            raise ValueError('Either (low, high) or (loc, scale) must have a value.')
        # ``params`` names the parameters the distribution was given, as v7
        self._param_names = ('low', 'high') if low is not None else ('loc', 'scale')
        if low is not None:
            self.low, self.high = dist_utils._broadcast_params(
                dist_utils._as_param(low), dist_utils._as_param(high))
            self.loc = self.low
            self.scale = self.high - self.low
        else:
            self.loc, self.scale = dist_utils._broadcast_params(
                dist_utils._as_param(loc), dist_utils._as_param(scale))
            self.low = self.loc
            self.high = self.loc + self.scale

    @property
    def params(self):
        return {name: getattr(self, name) for name in self._param_names}

    @property
    def batch_shape(self):
        return self.low.shape

    def _inside(self, x):
        x = dist_utils._array(x)
        return (x >= self.low.array) & (x <= self.high.array)

    def cdf(self, x):
        return chainer.functions.clip((x - self.low) / self.scale, 0., 1.)

    @property
    def entropy(self):
        return chainer.functions.log(self.scale)

    def icdf(self, x):
        return self.low + self.scale * x

    def log_prob(self, x):
        logp = -chainer.functions.log(self.scale)
        shape = numpy.broadcast_shapes(logp.shape, numpy.shape(dist_utils._array(x)))
        logp = chainer.functions.broadcast_to(logp, shape)
        return dist_utils._fill_where(self._inside(x), logp, -numpy.inf)

    @property
    def mean(self):
        return (self.low + self.high) / 2

    def sample_n(self, n):
        xp = self.xp
        u = xp.random.uniform(size=(n,) + self.low.shape).astype(self.low.dtype)
        return self.low + self.scale * u

    @property
    def stddev(self):
        return self.scale / numpy.sqrt(12.)

    @property
    def support(self):
        return '[low, high]'

    @property
    def variance(self):
        return self.scale ** 2 / 12.


@distribution.register_kl(Uniform, Uniform)
def _kl_uniform_uniform(dist1, dist2):
    kl = chainer.functions.log(dist2.scale) - chainer.functions.log(dist1.scale)
    inside = ((dist1.low.array >= dist2.low.array)
              & (dist1.high.array <= dist2.high.array))
    return dist_utils._fill_where(inside, kl, numpy.inf)
