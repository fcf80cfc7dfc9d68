"""The Laplace distribution."""
import math

import chainer
from chainer import distribution
from chainer import function_node
from chainer import utils
from chainer.distributions import utils as dist_utils


class LaplaceCDF(function_node.FunctionNode):
    """CDF of the standard Laplace distribution, ``0.5 - 0.5 * sign(y) * expm1(-|y|)``."""

    @property
    def label(self):
        return 'LaplaceCDF'

    def forward(self, inputs):
        y, = inputs
        xp = chainer.backend.get_array_module(y)
        self.retain_inputs((0,))
        z = 0.5 - 0.5 * xp.sign(y) * xp.expm1(-abs(y))
        return utils.force_array(z, y.dtype),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_inputs()
        gy, = grad_outputs
        return 0.5 * gy * chainer.functions.exp(-abs(y)),


class LaplaceICDF(function_node.FunctionNode):
    """Inverse CDF of the standard Laplace distribution."""

    @property
    def label(self):
        return 'LaplaceICDF'

    def forward(self, inputs):
        x, = inputs
        xp = chainer.backend.get_array_module(x)
        self.retain_inputs((0,))
        h = x - 0.5
        z = -xp.sign(h) * xp.log1p(-2 * abs(h))
        return utils.force_array(z, x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        return 2 * gy / (1 - 2 * abs(x - 0.5)),


def _laplace_cdf(y):
    return LaplaceCDF().apply((y,))[0]


def _laplace_icdf(x):
    return LaplaceICDF().apply((x,))[0]


class Laplace(distribution.Distribution):
    """Laplace distribution with location ``loc`` and scale ``scale``.

    Args:
        loc (~chainer.Variable or array): Location (mean, median and mode).
        scale (~chainer.Variable or array): Scale (the variance is ``2 * scale**2``).
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
        return _laplace_cdf((x - self.loc) / self.scale)

    @property
    def entropy(self):
        return 1 + math.log(2) + chainer.functions.log(self.scale)

    def icdf(self, x):
        return self.loc + self.scale * _laplace_icdf(chainer.as_variable(x))

    def log_prob(self, x):
        return -math.log(2) - chainer.functions.log(self.scale) \
            - abs(x - self.loc) / self.scale

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.laplace(size=(n,) + self.loc.shape).astype(self.loc.dtype)
        return self.loc + self.scale * eps

    @property
    def stddev(self):
        return math.sqrt(2) * self.scale

    @property
    def support(self):
        return 'real'

    @property
    def variance(self):
        return 2 * self.scale ** 2


@distribution.register_kl(Laplace, Laplace)
def _kl_laplace_laplace(dist1, dist2):
    diff = abs(dist1.loc - dist2.loc)
    return (chainer.functions.log(dist2.scale) - chainer.functions.log(dist1.scale)
            + diff / dist2.scale
            + dist1.scale / dist2.scale * chainer.functions.exp(-diff / dist1.scale) - 1)

