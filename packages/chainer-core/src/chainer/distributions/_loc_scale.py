"""Base of the real location-scale distributions (Cauchy, Gumbel, Laplace, Normal)."""
from chainer.distributions import _param_distribution


class LocScaleDistribution(_param_distribution.ParamDistribution):
    """Base of the real distributions of ``loc + scale * eps``.

    ``eps`` follows the standard member of the family, drawn by
    ``xp.random.<_standard_sampler>(size=shape)``; ``loc`` is the mode (and, unless a subclass
    says otherwise, the mean).

    Args:
        loc (~chainer.Variable or array): Location.
        scale (~chainer.Variable or array): Scale (positive).
    """

    _param_names = ('loc', 'scale')
    _standard_sampler = None

    def __init__(self, loc, scale):
        super().__init__(loc, scale)

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    def sample_n(self, n):
        xp = self.xp
        sampler = getattr(xp.random, self._standard_sampler)
        eps = sampler(size=(n,) + self.loc.shape).astype(self.loc.dtype)
        return self.loc + self.scale * eps

    @property
    def support(self):
        return 'real'
