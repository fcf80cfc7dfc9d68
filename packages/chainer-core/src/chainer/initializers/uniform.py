"""Uniform initializers: ``Uniform``, ``LeCunUniform``, ``GlorotUniform`` and ``HeUniform``."""
import math

from chainer import initializer


class _UniformFill(initializer._RandomFill):
    # Draws U(-s, s) where s is given by ``_spread``.

    def _draw(self, array, spread):
        initializer._fill_random(array, self.rng, 'uniform', low=-spread, high=spread)


class Uniform(_UniformFill):
    """Fills an array with samples of :math:`U(-\\mathrm{scale}, \\mathrm{scale})`.

    Args:
        scale (float): Half width of the interval.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (``numpy.random.RandomState``,
            ``numpy.random.Generator`` or a CuPy one); by default the global generator of the
            array's module is used.

    Attributes:
        scale (float): Half width of the interval.
        rng: The random generator, or ``None``.
    """

    def __init__(self, scale=0.05, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        return self.scale


class LeCunUniform(_UniformFill):
    """Uniform initializer of LeCun et al.: half width
    :math:`\\mathrm{scale} \\sqrt{3 / \\mathrm{fan}_{in}}`.

    Args:
        scale (float): Multiplier of the half width.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (see :class:`Uniform`).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        fan_in, _ = initializer.get_fans(shape)
        return self.scale * math.sqrt(3.0 / fan_in)


class GlorotUniform(_UniformFill):
    """Uniform initializer of Glorot and Bengio: half width
    :math:`\\mathrm{scale} \\sqrt{6 / (\\mathrm{fan}_{in} + \\mathrm{fan}_{out})}`.

    Args:
        scale (float): Multiplier of the half width.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (see :class:`Uniform`).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        fan_in, fan_out = initializer.get_fans(shape)
        return self.scale * math.sqrt(6.0 / (fan_in + fan_out))


class HeUniform(_UniformFill):
    """Uniform initializer of He et al.: half width
    :math:`\\mathrm{scale} \\sqrt{6 / \\mathrm{fan}_{in}}`.

    Args:
        scale (float): Multiplier of the half width.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (see :class:`Uniform`).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        fan_in, _ = initializer.get_fans(shape)
        return self.scale * math.sqrt(6.0 / fan_in)
