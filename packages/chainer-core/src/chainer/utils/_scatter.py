"""Scatter-add on NumPy and CuPy arrays (one home of ``numpy.add.at``, ``cupyx.scatter_add``)."""
import numpy


def scatter_add(a, index, values):
    """In-place ``a[index] += values``, summing repeated indices; returns ``a``.

    ``index`` is anything NumPy (or CuPy, for a CuPy ``a``) accepts as an index: an integer
    array, a slice, or a tuple of them.
    """
    if isinstance(a, numpy.ndarray):
        numpy.add.at(a, index, values)
    else:
        import cupyx
        cupyx.scatter_add(a, index, values)
    return a
