"""The Laplace distribution."""
import math

import chainer
from chainer import distribution
from chainer import function_node
from chainer import utils
from chainer.distributions import _loc_scale


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


def _laplace_cdf(x):
    return LaplaceCDF().apply((x,))[0]


def _laplace_icdf(x):
    return LaplaceICDF().apply((x,))[0]


class Laplace(_loc_scale.LocScaleDistribution):
    """Laplace distribution with location ``loc`` and scale ``scale``.

    Args:
        loc (~chainer.Variable or array): Location (mean, median and mode).
        scale (~chainer.Variable or array): Scale (the variance is ``2 * scale**2``).
    """

    _standard_sampler = 'laplace'

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
    def stddev(self):
        return math.sqrt(2) * self.scale

    @property
    def variance(self):
        return 2 * self.scale ** 2


@distribution.register_kl(Laplace, Laplace)
def _kl_laplace_laplace(dist1, dist2):
    diff = abs(dist1.loc - dist2.loc)
    return (chainer.functions.log(dist2.scale) - chainer.functions.log(dist1.scale)
            + diff / dist2.scale
            + dist1.scale / dist2.scale * chainer.functions.exp(-diff / dist1.scale) - 1)

