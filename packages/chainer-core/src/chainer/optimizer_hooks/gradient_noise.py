"""GradientNoise optimizer hook (annealed Gaussian noise on gradients)."""

import numpy

from chainer import backend


def exponential_decay_noise(xp, shape, dtype, hook, opt):
    """Time-dependent annealed Gaussian noise ``N(0, eta / (1 + t) ** 0.55)``.

    Args:
        xp: Array module (``numpy`` or ``cupy``).
        shape (tuple of ints): Shape of the noise.
        dtype: Data type of the noise.
        hook (GradientNoise): The hook (provides ``eta``).
        opt: Object with the update count ``t`` (the update rule).

    Returns:
        Array of noise.
    """
    std = numpy.sqrt(hook.eta / numpy.power(1 + opt.t, 0.55))
    return xp.random.normal(0, std, shape).astype(dtype)


class GradientNoise:
    """Optimizer hook that adds time-dependent Gaussian noise to each gradient.

    Args:
        eta (float): Noise parameter (0.01, 0.3 or 1.0 are recommended).
        noise_func (callable): Noise generator called as
            ``noise_func(xp, shape, dtype, hook, rule)``.

    Attributes:
        eta (float): Noise parameter.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'GradientNoise'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, eta, noise_func=exponential_decay_noise):
        self.eta = eta
        self.noise_func = noise_func

    def __call__(self, rule, param):
        g = backend.from_chx(param.grad)
        if g is None:
            return
        xp = backend.get_array_module(g)
        if xp is numpy:
            g += self.noise_func(numpy, g.shape, g.dtype, self, rule)
        else:
            with backend.using_device(backend.get_device_from_array(g)):
                g += self.noise_func(xp, g.shape, g.dtype, self, rule)
