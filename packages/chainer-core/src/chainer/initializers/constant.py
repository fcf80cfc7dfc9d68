"""Constant initializers: Identity, Constant, Zero, One, NaN."""
import numpy

from chainer import backend
from chainer import initializer


class Identity(initializer.Initializer):
    """Initializes array with the identity matrix multiplied by ``scale``.

    Only 2-D square matrices can be initialized.

    Args:
        scale (scalar): A constant to be multiplied to the identity matrix.
        dtype: Data type specifier.

    Attributes:
        scale (scalar): A constant to be multiplied to the identity matrix.
    """

    def __init__(self, scale=1.0, dtype=None):
        self.scale = scale
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        shape = array.shape
        if len(shape) != 2 or shape[0] != shape[1]:
            raise ValueError('Identity matrix initialization can only be used '
                             'for 2D squared matrices.')
        value = numpy.identity(shape[0]) * self.scale
        initializer._copy_into(array, value)


class Constant(initializer.Initializer):
    """Initializes array with a constant scalar or array (broadcast to the array's shape).

    Args:
        fill_value (scalar or :ref:`ndarray`): A constant to be assigned to the initialized
            array. Broadcast is allowed on this assignment.
        dtype: Data type specifier.

    Attributes:
        fill_value (scalar or :ref:`ndarray`): A constant to be assigned to the array.
    """

    fill_value = None

    def __init__(self, fill_value, dtype=None):
        if not (isinstance(fill_value, initializer._get_array_types())
                or numpy.isscalar(fill_value)):
            raise ValueError(
                'fill_value must be either scalar, numpy.ndarray, '
                'cupy.ndarray or chainerx.ndarray.')
        self.fill_value = fill_value
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        fill_value = self.fill_value
        if not (numpy.isscalar(fill_value)
                or type(array) is type(fill_value) is numpy.ndarray):
            fill_value = backend.get_device_from_array(array).send(fill_value)
        array[...] = fill_value


class Zero(Constant):
    """Initializes array to all-zero.

    Args:
        dtype: Data type specifier.
    """

    fill_value = 0.0

    def __init__(self, dtype=None):
        super().__init__(0.0, dtype=dtype)


class One(Constant):
    """Initializes array to all-one.

    Args:
        dtype: Data type specifier.
    """

    fill_value = 1.0

    def __init__(self, dtype=None):
        super().__init__(1.0, dtype=dtype)


class NaN(Constant):
    """Initializes array to all-NaN.

    Args:
        dtype: Data type specifier.
    """

    fill_value = numpy.nan

    def __init__(self, dtype=None):
        super().__init__(numpy.nan, dtype=dtype)
