"""Shared plumbing of the routines: argument checks, operands, axes and gradient reductions."""
import numbers
import operator

import numpy

from chainerx import _array
from chainerx import _dtypes
from chainerx import _errors

ndarray = _array.ndarray
wrap = _array.wrap
wrap_result = _array.wrap_result
_np_generic = numpy.generic
_SCALAR_TYPES = (bool, int, float, numpy.bool_, numpy.integer, numpy.floating)


def check_array(x, name='a'):
    """Raises TypeError unless ``x`` is a ChainerX array."""
    if not isinstance(x, ndarray):
        raise TypeError('{} must be a chainerx.ndarray, not {}'.format(name, type(x).__name__))
    return x


def is_scalar(value):
    """Whether ``value`` is a Python or NumPy scalar accepted as an operand."""
    return isinstance(value, _SCALAR_TYPES)


def check_same_device(*arrays):
    """Raises DeviceError unless all the arrays are on the same device; returns it."""
    device = arrays[0]._device
    for a in arrays[1:]:
        if a._device is not device:
            raise _errors.DeviceError(
                'Arrays must be on the same device: {} and {}'.format(
                    device.name, a._device.name))
    return device


def binary_data(x1, x2):
    """The raw data of two arrays on one device, cast to their promoted dtype."""
    if x1._device is not x2._device:
        check_same_device(x1, x2)
    d1 = x1._data
    d2 = x2._data
    dt1 = d1.dtype
    dt2 = d2.dtype
    if dt1 is not dt2 and dt1 != dt2:
        dtype = _dtypes.promote(dt1, dt2)
        if dt1 != dtype:
            d1 = d1.astype(dtype)
        if dt2 != dtype:
            d2 = d2.astype(dtype)
    return d1, d2


def scalar_data(x, value):
    """The raw data of ``x`` and the scalar ``value``, both of their promoted dtype."""
    d = x._data
    dtype = _dtypes.promote_scalar(d.dtype, value)
    if dtype is not d.dtype and dtype != d.dtype:
        d = d.astype(dtype)
    return d, dtype.type(value)


def broadcast_error(name, *shapes):
    """The DimensionError of operands whose shapes cannot be broadcast together."""
    return _errors.DimensionError('{}: operands could not be broadcast together with shapes '
                                  '{}'.format(name, ' '.join(str(s) for s in shapes)))


def broadcast_shapes(*shapes):
    """The broadcast shape of ``shapes`` (DimensionError when incompatible)."""
    try:
        return numpy.broadcast_shapes(*shapes)
    except ValueError:
        raise broadcast_error('broadcast', *shapes) from None


def sum_to(g, shape):
    """Sums the (broadcast) gradient ``g`` (raw or ChainerX) down to ``shape``."""
    gshape = g.shape
    if gshape == shape:
        return g
    lead = len(gshape) - len(shape)
    axes = list(range(lead))
    for i, s in enumerate(shape):
        if s == 1 and gshape[i + lead] != 1:
            axes.append(i + lead)
    if axes:
        g = g.sum(axis=tuple(axes), keepdims=True)
    if lead:
        g = g.reshape(shape)
    return g


def normalize_axis(axis, ndim, name='axis'):
    """``axis`` as a non-negative int (DimensionError when out of range)."""
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError('{} must be an integer, not {}'.format(name, type(axis))) from None
    if not -ndim <= axis < ndim:
        raise _errors.DimensionError(
            'Axis {} is out of bounds for array of dimension {}'.format(axis, ndim))
    return axis + ndim if axis < 0 else axis


def normalize_axes(axis, ndim):
    """``axis`` (None, an int or a sequence) as a sorted tuple of distinct non-negative ints."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (numbers.Integral, _np_generic)) and not isinstance(axis, bool):
        return (normalize_axis(axis, ndim),)
    axes = tuple(normalize_axis(a, ndim) for a in axis)
    if len(set(axes)) != len(axes):
        raise _errors.DimensionError('Duplicate axis: {}'.format(axis))
    return tuple(sorted(axes))



def check_float(x, name):
    """Raises DtypeError unless ``x`` has a floating point dtype."""
    if x._data.dtype.kind != 'f':
        raise _errors.DtypeError('{} supports only floating point arrays, not {}'.format(
            name, x._data.dtype))


def check_no_unsafe_inplace(out, name):
    """Raises ChainerxError when ``out`` takes part in a graph (in-place update forbidden)."""
    nodes = out._nodes
    if nodes and any(not n.backprop_id._released for n in nodes):
        raise _errors.ChainerxError(
            '{}: in-place assignment to an array that requires backprop is not '
            'allowed'.format(name))


def shape_tuple(shape):
    """``shape`` (an int or a sequence of ints) as a tuple."""
    return _array.normalize_shape(shape)
