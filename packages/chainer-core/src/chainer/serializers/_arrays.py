"""Arrays between the serializers and their files: device arrays to host arrays when saving,
stored host arrays into the target values when loading."""
import numpy

import chainerx
from chainer import backend
from chainer.serializers import _checks


def to_host(value):
    """``value`` (a NumPy, CuPy or ChainerX array, or anything NumPy reads) as a NumPy
    array."""
    if isinstance(value, numpy.ndarray):
        return value
    if isinstance(value, chainerx.ndarray):
        return chainerx.to_numpy(value)
    get = getattr(value, 'get', None)  # CuPy array
    if get is not None and hasattr(value, 'shape'):
        return get()
    return numpy.asarray(value)


def load_into(where, stored, value, check_types):
    """What a deserializer returns for the stored NumPy array ``stored`` and the target
    ``value``.

    Arrays are copied into (and returned), after their shapes are checked; ``None`` gives
    ``stored`` itself; a scalar or string target gives ``stored`` converted to its type.
    With ``check_types``, a NumPy target that cannot take the stored dtype and a scalar
    target of a type the stored number does not fit raise ``TypeError`` naming ``where``.
    """
    if value is None:
        return stored
    if isinstance(value, numpy.ndarray):
        if stored.shape != value.shape:
            raise _checks.shape_mismatch(where, stored.shape, value)
        try:
            numpy.copyto(value, stored)
        except TypeError as e:
            if not check_types:
                raise
            raise TypeError('cannot load {} into an array of dtype {}: {}'.format(
                where, value.dtype, e)) from e
        return value
    if _checks.is_cupy_array(value):
        if stored.shape != value.shape:
            raise _checks.shape_mismatch(where, stored.shape, value)
        value.set(numpy.asarray(stored, dtype=value.dtype))
        return value
    if isinstance(value, chainerx.ndarray):
        if stored.shape != value.shape:
            raise _checks.shape_mismatch(where, stored.shape, value)
        backend.copyto(value, stored.astype(value.dtype, copy=False))
        return value
    if check_types:
        _checks.check_scalar_type(where, stored.dtype, value)
    return type(value)(stored)
