"""Shared plumbing of the routines: argument checks, operands, axes and gradient reductions."""
import numbers
import operator

import numpy

from chainerx import _array
from chainerx import _dtypes
from chainerx import _errors
from chainerx import _graph

ndarray = _array.ndarray
wrap = _array.wrap
wrap_result = _array.wrap_result
_np_generic = numpy.generic
_SCALAR_TYPES = (bool, int, float, numpy.bool_, numpy.integer, numpy.floating)


def is_chainerx(xp):
    """Whether ``xp``, the array module a backward function is given, is :mod:`chainerx`
    (its gradients are recorded again) rather than NumPy/CuPy (raw arrays)."""
    return xp.__name__ == 'chainerx'


def identity_bw(xp, op, xs, ys, gys):
    """The backward function of a one-input routine whose gradient passes through unchanged."""
    return gys[0],


def check_array(x, name='a'):
    """Raises TypeError unless ``x`` is a ChainerX array."""
    if not isinstance(x, ndarray):
        raise TypeError('{} must be a chainerx.ndarray, not {}'.format(name, type(x).__name__))
    return x


def is_scalar(value):
    """Whether ``value`` is a Python or NumPy scalar accepted as an operand."""
    return isinstance(value, _SCALAR_TYPES)


def operand_kind(x1, x2, name):
    """Classifies binary operands: ``'aa'`` (two arrays), ``'as'`` (array, scalar) or ``'sa'``.

    Raises TypeError naming the routine for any other pair.
    """
    a1 = isinstance(x1, ndarray)
    a2 = isinstance(x2, ndarray)
    if a1 and a2:
        return 'aa'
    if a1 and is_scalar(x2):
        return 'as'
    if a2 and is_scalar(x1):
        return 'sa'
    raise TypeError('{}: unsupported operand types: {} and {}'.format(
        name, type(x1).__name__, type(x2).__name__))


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


def promoted_data(datas):
    """The raw arrays ``datas`` (None entries stay None) cast to their promoted dtype."""
    dtype = None
    for d in datas:
        if d is not None:
            dtype = d.dtype if dtype is None else _dtypes.promote(dtype, d.dtype)
    return [d if d is None or d.dtype == dtype else d.astype(dtype) for d in datas]


def scalar_data(x, value):
    """The raw data of ``x`` and the scalar ``value``, both of their promoted dtype."""
    d = x._data
    dtype = _dtypes.promote_scalar(d.dtype, value)
    if dtype is not d.dtype and dtype != d.dtype:
        d = d.astype(dtype)
    return d, _dtypes.cast_scalar(dtype, value)


def operand_data(x1, x2, name):
    """``(d1, d2, device)``: the raw data of binary operands (two arrays, or an array and a
    scalar in either order) promoted together, and the device of the array(s)."""
    kind = operand_kind(x1, x2, name)
    if kind == 'aa':
        d1, d2 = binary_data(x1, x2)
        return d1, d2, x1._device
    if kind == 'as':
        d1, d2 = scalar_data(x1, x2)
        return d1, d2, x1._device
    d2, d1 = scalar_data(x2, x1)
    return d1, d2, x2._device


def broadcast_error(name, *shapes):
    """The DimensionError of operands whose shapes cannot be broadcast together."""
    return _errors.DimensionError('{}: operands could not be broadcast together with shapes '
                                  '{}'.format(name, ' '.join(str(s) for s in shapes)))


def apply_broadcast(name, raw_op, d1, d2):
    """``raw_op(d1, d2)`` on raw operands; DimensionError naming ``name`` when they do not
    broadcast together."""
    try:
        return raw_op(d1, d2)
    except ValueError:
        raise broadcast_error(name, numpy.shape(d1), numpy.shape(d2)) from None


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


def input_shapes(d1, d2):
    """The shapes of two raw operands, or None when they are equal (nothing to sum back)."""
    s1 = d1.shape
    s2 = d2.shape
    return None if s1 == s2 else (s1, s2)


def sum_to_inputs(gx1, gx2, shapes):
    """Sums the gradients (or None) of broadcast operands back to ``shapes`` (from
    :func:`input_shapes`; None when the operands had one shape)."""
    if shapes is not None:
        if gx1 is not None:
            gx1 = sum_to(gx1, shapes[0])
        if gx2 is not None:
            gx2 = sum_to(gx2, shapes[1])
    return gx1, gx2


def binary_output(name, raw_op, x1, x2, backward, retain_x, retain_y=False, prepare=None):
    """``raw_op`` on the raw data of two arrays, broadcast, wrapped and recorded.

    The data are promoted together, then passed through ``prepare(d1, d2, name)`` when given
    (a dtype check or cast such as :func:`not_bool` or :func:`as_float`). The call is recorded
    with ``backward`` when an input is in a graph; its params are :func:`input_shapes`.
    """
    d1, d2 = binary_data(x1, x2)
    if prepare is not None:
        d1, d2 = prepare(d1, d2, name)
    y = wrap_result(apply_broadcast(name, raw_op, d1, d2), x1._device)
    if x1._nodes is not None or x2._nodes is not None:
        shapes = input_shapes(d1, d2)
        if retain_y:
            _graph.record((x1, x2), (y,), backward, shapes, retain_x, True)
        else:
            _graph.record_binary(x1, x2, y, backward, shapes, retain_x)
    return y


def check_not_bool(dtype, name):
    """Raises DtypeError naming the routine ``name`` when ``dtype`` is bool."""
    if dtype.kind == 'b':
        raise _errors.DtypeError('{} does not support the bool dtype'.format(name))


def not_bool(d1, d2, name):
    """The raw operands unchanged; DtypeError when they are bool (a ``prepare`` of
    :func:`binary_output`)."""
    check_not_bool(d1.dtype, name)
    return d1, d2


def as_float(d1, d2, name=None):
    """The raw operands, cast to ``float32`` unless they are floating point (a ``prepare`` of
    :func:`binary_output`)."""
    if d1.dtype.kind != 'f':
        d1 = d1.astype(numpy.float32)
        d2 = d2.astype(numpy.float32)
    return d1, d2


def unary_output(x, data, backward, params=None, retain_x=False, retain_y=False):
    """Wraps ``data`` as the output of a one-input routine on ``x``, recorded (see
    :func:`chainerx._graph.record_unary`) when ``x`` is in a graph."""
    y = wrap_result(data, x._device)
    if x._nodes is not None:
        _graph.record_unary(x, y, backward, params, retain_x, retain_y)
    return y


def device_unary_output(x, raw, args, backward, params):
    """:func:`unary_output` of ``raw(xp, data, *args)`` run on the device of ``x`` (``xp``
    its array module, ``data`` its raw data)."""
    with x._device._use():
        data = raw(x._device.xp, x._data, *args)
    return unary_output(x, data, backward, params)


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


shape_tuple = _array.normalize_shape  # ``shape`` (an int or a sequence of ints) as a tuple
