"""Uniform initializers: Uniform, LeCunUniform, GlorotUniform, HeUniform."""
import numpy

from chainer import initializer
from chainer.initializer import _parse_rng


class Uniform(initializer.Initializer):
    """Initializes array with a scaled uniform distribution :math:`U(-\\mathrm{scale}, \\mathrm{scale})`.

    Args:
        scale (float): A constant that determines the scale of the uniform distribution.
        dtype: Data type specifier.
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).  When
            ``None``, the global random state of the array's module is used.

    Attributes:
        scale (float): A constant that determines the scale of the distribution.
        rng: Pseudo-random number generator, or ``None``.
    """  # NOQA

    def __init__(self, scale=0.05, dtype=None, **kwargs):
        self.scale = scale
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        initializer._fill_random(
            array, self.rng, 'uniform', low=-self.scale, high=self.scale)


class LeCunUniform(initializer.Initializer):
    """Initializes array with the scaled uniform distribution of LeCun et al.

    Elements are drawn from :math:`U(-s, s)` with
    :math:`s = \\mathrm{scale} \\times \\sqrt{3 / \\mathrm{fan}_{in}}`.

    Args:
        scale (float): A constant that determines the scale of the uniform distribution.
        dtype: Data type specifier.
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, fan_out = initializer.get_fans(array.shape)
        s = self.scale * numpy.sqrt(3. / fan_in)
        Uniform(s, rng=self.rng)(array)


class GlorotUniform(initializer.Initializer):
    """Initializes array with the scaled uniform distribution of Glorot & Bengio.

    Elements are drawn from :math:`U(-s, s)` with
    :math:`s = \\mathrm{scale} \\times \\sqrt{6 / (\\mathrm{fan}_{in} + \\mathrm{fan}_{out})}`.

    Args:
        scale (float): A constant that determines the scale of the uniform distribution.
        dtype: Data type specifier.
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, fan_out = initializer.get_fans(array.shape)
        s = self.scale * numpy.sqrt(6. / (fan_in + fan_out))
        Uniform(s, rng=self.rng)(array)


class HeUniform(initializer.Initializer):
    """Initializes array with the scaled uniform distribution of He et al.

    Elements are drawn from :math:`U(-s, s)` with
    :math:`s = \\mathrm{scale} \\times \\sqrt{6 / \\mathrm{fan}_{in}}`.

    Args:
        scale (float): A constant that determines the scale of the uniform distribution.
        dtype: Data type specifier.
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        self.scale = scale
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, fan_out = initializer.get_fans(array.shape)
        s = self.scale * numpy.sqrt(6. / fan_in)
        Uniform(s, rng=self.rng)(array)
