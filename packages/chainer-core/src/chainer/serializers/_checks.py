"""Checks shared by the deserializers: whether a stored value can be loaded into a target.

Loading into a :class:`~chainer.Link` first runs the deserializer in a dry-run mode that
only applies these checks (to the stored shapes and dtypes, without reading the data), so
that a file that does not fit leaves the link untouched.
"""
import numpy

import chainerx


def is_link(obj):
    """Whether ``obj`` is a :class:`~chainer.Link` (loaded with a dry run first)."""
    from chainer import link
    return isinstance(obj, link.Link)


def is_cupy_array(value):
    """Whether ``value`` is a CuPy array (without importing CuPy)."""
    return hasattr(value, 'shape') and hasattr(value, 'set')


def expected_shape(value):
    """`` (expected an array of shape ...)`` for an array target, else an empty string."""
    shape = getattr(value, 'shape', None)
    if shape is None:
        return ''
    return ' (expected an array of shape {})'.format(tuple(shape))


class _ShapeMismatchError(ValueError, TypeError):
    """A stored shape differs from the target's.

    A ``ValueError`` as Chainer v7's NPZ loading raised, and a ``TypeError`` as its HDF5
    loading raised (through h5py).
    """


def shape_mismatch(where, stored, value):
    """The error of a stored shape that differs from the target's (a ``ValueError`` that is
    also a ``TypeError``, see :class:`_ShapeMismatchError`)."""
    return _ShapeMismatchError('shape mismatch at {}: stored {}, expected {}'.format(
        where, tuple(stored), tuple(value.shape)))


def check_scalar_type(where, dtype, value):
    """Raises ``TypeError`` unless a stored number of ``dtype`` fits the type of ``value``."""
    value_type = type(value)
    if (issubclass(dtype.type, numpy.number)
            and not (issubclass(dtype.type, numpy.integer) and value_type is int)
            and not numpy.can_cast(dtype, value_type)):
        raise TypeError(
            'Cannot safely deserialize {} from numpy array with dtype={} into a variable '
            'of type {}.'.format(where, dtype, value_type))


def check_stored(where, shape, dtype, value, check_scalars=True):
    """Raises the error a load of a stored ``(shape, dtype)`` into ``value`` would raise
    (scalar targets are checked only when ``check_scalars``)."""
    host = isinstance(value, (numpy.ndarray, chainerx.ndarray))
    if host or is_cupy_array(value):
        if tuple(shape) != value.shape:
            raise shape_mismatch(where, shape, value)
        if host and not numpy.can_cast(
                dtype, value.dtype, 'same_kind'):
            raise TypeError('cannot load {} into an array of dtype {}: stored dtype {}'.format(
                where, value.dtype, dtype))
        return
    if check_scalars and not isinstance(value, str):
        check_scalar_type(where, dtype, value)
