"""Random distributions: :func:`normal` and :func:`uniform`."""
import numpy

from chainerx._routines import creation


def normal(*args, device=None, **kwargs):
    """normal(loc=0.0, scale=1.0, size=None, device=None)

    Samples from a normal distribution (see :func:`numpy.random.normal`) into a ``float64``
    array on ``device``.
    """
    return creation.array(numpy.random.normal(*args, **kwargs), device=device, copy=False)


def uniform(*args, device=None, **kwargs):
    """uniform(low=0.0, high=1.0, size=None, device=None)

    Samples from a uniform distribution (see :func:`numpy.random.uniform`) into a ``float64``
    array on ``device``.
    """
    return creation.array(numpy.random.uniform(*args, **kwargs), device=device, copy=False)
