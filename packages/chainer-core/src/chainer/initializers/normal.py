"""Gaussian initializers: ``Normal``, ``LeCunNormal``, ``GlorotNormal`` and ``HeNormal``."""
import math

from chainer import initializer


class _GaussianFill(initializer._RandomFill):
    # Draws N(0, s^2) where s is given by ``_spread``.

    def _draw(self, array, spread):
        initializer._fill_random(array, self.rng, 'normal', loc=0.0, scale=spread)


class Normal(_GaussianFill):
    """Fills an array with samples of :math:`N(0, \\mathrm{scale}^2)`.

    Args:
        scale (float): Standard deviation.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (``numpy.random.RandomState``,
            ``numpy.random.Generator`` or a CuPy one); by default the global generator of the
            array's module is used.

    Attributes:
        scale (float): Standard deviation.
        rng: The random generator, or ``None``.
    """

    def __init__(self, scale=0.05, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        return self.scale


class LeCunNormal(_GaussianFill):
    """Gaussian initializer of LeCun et al.: standard deviation
    :math:`\\mathrm{scale} \\sqrt{1 / \\mathrm{fan}_{in}}`.

    Args:
        scale (float): Multiplier of the standard deviation.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (see :class:`Normal`).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        fan_in, _ = initializer.get_fans(shape)
        return self.scale * math.sqrt(1.0 / fan_in)


class GlorotNormal(_GaussianFill):
    """Gaussian initializer of Glorot and Bengio: standard deviation
    :math:`\\mathrm{scale} \\sqrt{2 / (\\mathrm{fan}_{in} + \\mathrm{fan}_{out})}`.

    Args:
        scale (float): Multiplier of the standard deviation.
        dtype: Data type the filled arrays must have (``None`` for any).
        rng: Keyword-only random generator (see :class:`Normal`).
    """

    def __init__(self, scale=1.0, dtype=None, **kwargs):
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        fan_in, fan_out = initializer.get_fans(shape)
        return self.scale * math.sqrt(2.0 / (fan_in + fan_out))


class HeNormal(_GaussianFill):
    """Gaussian initializer of He et al.: standard deviation
    :math:`\\mathrm{scale} \\sqrt{2 / \\mathrm{fan}}`.

    Args:
        scale (float): Multiplier of the standard deviation.
        dtype: Data type the filled arrays must have (``None`` for any).
        fan_option (str): Which fan is used, ``'fan_in'`` or ``'fan_out'``.
        rng: Keyword-only random generator (see :class:`Normal`).
    """

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', **kwargs):
        self.fan_option = fan_option
        super().__init__(scale, dtype, kwargs)

    def _spread(self, shape):
        fans = dict(zip(('fan_in', 'fan_out'), initializer.get_fans(shape)))
        if self.fan_option not in fans:
            raise ValueError("fan_option should be either 'fan_in' or 'fan_out'.")
        return self.scale * math.sqrt(2.0 / fans[self.fan_option])
