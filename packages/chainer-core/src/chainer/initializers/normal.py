"""Gaussian initializers: Normal, LeCunNormal, GlorotNormal, HeNormal."""
import numpy

from chainer import initializer
from chainer.initializer import _parse_rng


class Normal(initializer.Initializer):
    """Initializes array with a normal distribution :math:`N(0, \\mathrm{scale}^2)`.

    Args:
        scale (float): Standard deviation of the Gaussian distribution.
        dtype: Data type specifier.
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).  When
            ``None``, the global random state of the array's module is used.

    Attributes:
        scale (float): Standard deviation of the distribution.
        rng: Pseudo-random number generator, or ``None``.
    """

    def __init__(self, scale=0.05, dtype=None, **kwargs):
        self.scale = scale
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        initializer._fill_random(array, self.rng, 'normal', loc=0.0, scale=self.scale)


class LeCunNormal(initializer.Initializer):
    """Initializes array with the scaled Gaussian distribution of LeCun et al.

    Each element is drawn from :math:`N(0, s^2)` where
    :math:`s = \\mathrm{scale} \\times \\sqrt{1 / \\mathrm{fan}_{in}}`.

    Args:
        scale (float): A constant that determines the scale of the standard deviation.
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
        s = self.scale * numpy.sqrt(1. / fan_in)
        Normal(s, rng=self.rng)(array)


class GlorotNormal(initializer.Initializer):
    """Initializes array with the scaled Gaussian distribution of Glorot & Bengio.

    Each element is drawn from :math:`N(0, s^2)` where
    :math:`s = \\mathrm{scale} \\times \\sqrt{2 / (\\mathrm{fan}_{in} + \\mathrm{fan}_{out})}`.

    Args:
        scale (float): A constant that determines the scale of the standard deviation.
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
        s = self.scale * numpy.sqrt(2. / (fan_in + fan_out))
        Normal(s, rng=self.rng)(array)


class HeNormal(initializer.Initializer):
    """Initializes array with the scaled Gaussian distribution of He et al.

    Each element is drawn from :math:`N(0, s^2)` where
    :math:`s = \\mathrm{scale} \\times \\sqrt{2 / \\mathrm{fan}}` and ``fan`` is the fan-in or
    the fan-out of the array according to ``fan_option``.

    Args:
        scale (float): A constant that determines the scale of the standard deviation.
        dtype: Data type specifier.
        fan_option (str): ``'fan_in'`` or ``'fan_out'``.
        rng (xp.random.RandomState): Pseudo-random number generator (keyword only).
    """

    def __init__(self, scale=1.0, dtype=None, fan_option='fan_in', **kwargs):
        self.scale = scale
        self.fan_option = fan_option
        self.rng = _parse_rng(kwargs)
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fan_in, fan_out = initializer.get_fans(array.shape)
        if self.fan_option == 'fan_in':
            s = self.scale * numpy.sqrt(2. / fan_in)
        elif self.fan_option == 'fan_out':
            s = self.scale * numpy.sqrt(2. / fan_out)
        else:
            raise ValueError(
                'fan_option should be either \'fan_in\' or \'fan_out\'.')
        Normal(s, rng=self.rng)(array)
