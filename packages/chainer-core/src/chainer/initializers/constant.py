"""Deterministic initializers: ``Constant`` (and ``Zero``, ``One``, ``NaN``) and ``Identity``."""
import numpy

from chainer import backend
from chainer import initializer


class Identity(initializer.Initializer):
    """Fills a square matrix with ``scale`` times the identity matrix.

    Args:
        scale (scalar): Value of the diagonal.
        dtype: Data type the filled arrays must have (``None`` for any).

    Attributes:
        scale (scalar): Value of the diagonal.
    """

    def __init__(self, scale=1.0, dtype=None):
        self.scale = scale
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim != 2 or array.shape[0] != array.shape[1]:
            raise ValueError(
                'Identity can only initialize square matrices (2-D arrays); got shape '
                '{}.'.format(array.shape))
        initializer._copy_into(array, self.scale * numpy.eye(array.shape[0]))


class Constant(initializer.Initializer):
    """Fills an array with a scalar or with an array broadcast to its shape.

    Args:
        fill_value (scalar or :ref:`ndarray`): The value(s) to write.
        dtype: Data type the filled arrays must have (``None`` for any).

    Attributes:
        fill_value (scalar or :ref:`ndarray`): The value(s) to write.
    """

    fill_value = None

    def __init__(self, fill_value, dtype=None):
        if not (numpy.isscalar(fill_value)
                or isinstance(fill_value, initializer._get_array_types())):
            raise ValueError(
                'fill_value must be either scalar, numpy.ndarray, '
                'cupy.ndarray or chainerx.ndarray.')
        self.fill_value = fill_value
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        value = self.fill_value
        same_host = type(array) is numpy.ndarray and type(value) is numpy.ndarray
        if not (numpy.isscalar(value) or same_host):
            value = backend.get_device_from_array(array).send(value)
        elif array.dtype.kind in 'biu' and numpy.isscalar(value):
            # An array cast (as v7 writes it): NaN into an integer array warns, not raises.
            value = backend.get_array_module(array).asarray(value)
        array[...] = value


class Zero(Constant):
    """Fills an array with zeros.

    Args:
        dtype: Data type the filled arrays must have (``None`` for any).
    """

    fill_value = 0.0

    def __init__(self, dtype=None):
        super().__init__(self.fill_value, dtype=dtype)


class One(Constant):
    """Fills an array with ones.

    Args:
        dtype: Data type the filled arrays must have (``None`` for any).
    """

    fill_value = 1.0

    def __init__(self, dtype=None):
        super().__init__(self.fill_value, dtype=dtype)


class NaN(Constant):
    """Fills an array with NaN (the marker of not-yet-initialized data).

    Args:
        dtype: Data type the filled arrays must have (``None`` for any).
    """

    fill_value = numpy.nan

    def __init__(self, dtype=None):
        super().__init__(self.fill_value, dtype=dtype)
