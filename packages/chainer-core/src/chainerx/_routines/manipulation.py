"""Shape and layout manipulation: reshape, transpose, squeeze, broadcast, join and split.

The routines returning views in NumPy return views here too; all are differentiable.
"""
import numbers

import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _basic
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap
_unary_output = _core.unary_output
_record_unary = _graph.record_unary


def _reshape_bw(xp, op, xs, ys, gys):
    return gys[0].reshape(op.params),


def _shape_arg(args, name):
    if len(args) == 1:
        shape = args[0]
        if isinstance(shape, (numbers.Integral, numpy.integer)):
            return (int(shape),)
        return tuple(shape)
    return tuple(args)


def reshape(a, *newshape):
    """reshape(a, newshape)

    An array with a new shape and the same data (a view when possible). One dimension may be
    ``-1``.
    """
    _core.check_array(a, 'a')
    if not newshape:
        raise TypeError('reshape() missing the new shape')
    shape = _shape_arg(newshape, 'reshape')
    data = a._data
    try:
        out = data.reshape(shape)
    except ValueError:
        raise _errors.DimensionError('cannot reshape array of shape {} into shape {}'.format(
            data.shape, shape)) from None
    except TypeError:
        raise TypeError('invalid shape for reshape: {!r}'.format(shape)) from None
    return _unary_output(a, out, _reshape_bw, data.shape)


def ravel(a):
    """The array flattened into one dimension (a view when possible)."""
    return reshape(a, (-1,))


def flatten(a):
    """A copy of the array flattened into one dimension."""
    return reshape(_basic.copy(a), (-1,))


def _transpose_bw(xp, op, xs, ys, gys):
    return gys[0].transpose(op.params),


def transpose(a, axes=None):
    """A view with permuted axes (reversed when ``axes`` is None)."""
    _core.check_array(a, 'a')
    ndim = a._data.ndim
    if axes is None:
        axes = tuple(range(ndim - 1, -1, -1))
    else:
        if isinstance(axes, (numbers.Integral, numpy.integer)):
            axes = (axes,)
        axes = tuple(_core.normalize_axis(ax, ndim) for ax in axes)
        if len(axes) != ndim or len(set(axes)) != ndim:
            raise _errors.DimensionError('axes {} do not match an array of {} dimensions'.format(
                axes, ndim))
    y = _wrap(a._data.transpose(axes), a._device)
    if a._nodes is not None:  # the inverse permutation only when recorded
        _record_unary(a, y, _transpose_bw, tuple(numpy.argsort(axes).tolist()), False, False)
    return y


def swapaxes(a, axis1, axis2):
    """A view with two axes interchanged."""
    _core.check_array(a, 'a')
    ndim = a._data.ndim
    axes = list(range(ndim))
    i = _core.normalize_axis(axis1, ndim)
    j = _core.normalize_axis(axis2, ndim)
    axes[i], axes[j] = axes[j], axes[i]
    return transpose(a, axes)


def moveaxis(a, source, destination):
    """A view with axes moved to new positions (as :func:`numpy.moveaxis`)."""
    _core.check_array(a, 'a')
    ndim = a._data.ndim
    single = isinstance(source, (numbers.Integral, numpy.integer))
    src = [source] if single else list(source)
    dst = [destination] if isinstance(destination, (numbers.Integral, numpy.integer)) \
        else list(destination)
    if len(src) != len(dst):
        raise _errors.DimensionError(
            'moveaxis: source and destination must have the same number of elements')
    src = [_core.normalize_axis(s, ndim) for s in src]
    dst = [_core.normalize_axis(d, ndim) for d in dst]
    if len(set(src)) != len(src) or len(set(dst)) != len(dst):
        raise _errors.DimensionError('moveaxis: repeated axis')
    order = [n for n in range(ndim) if n not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return transpose(a, order)


def squeeze(a, axis=None):
    """Removes size-one axes (all of them, or those of ``axis``)."""
    _core.check_array(a, 'a')
    shape = a._data.shape
    if axis is None:
        new_shape = tuple(s for s in shape if s != 1)
    else:
        axes = _core.normalize_axes(axis, len(shape))
        for ax in axes:
            if shape[ax] != 1:
                raise _errors.DimensionError(
                    'Cannot squeeze out non-unit-length axis {} of shape {}'.format(ax, shape))
        new_shape = tuple(s for i, s in enumerate(shape) if i not in axes)
    return reshape(a, new_shape)


def expand_dims(a, axis):
    """A view with a new size-one axis inserted at ``axis``."""
    _core.check_array(a, 'a')
    shape = list(a._data.shape)
    axis = _core.normalize_axis(axis, len(shape) + 1)
    shape.insert(axis, 1)
    return reshape(a, tuple(shape))


def atleast_2d(x):
    """The array viewed with at least two dimensions."""
    _core.check_array(x, 'x')
    ndim = x._data.ndim
    if ndim >= 2:
        return x
    if ndim == 0:
        return reshape(x, (1, 1))
    return reshape(x, (1,) + x._data.shape)


def atleast_3d(x):
    """The array viewed with at least three dimensions."""
    _core.check_array(x, 'x')
    shape = x._data.shape
    ndim = len(shape)
    if ndim >= 3:
        return x
    if ndim == 0:
        return reshape(x, (1, 1, 1))
    if ndim == 1:
        return reshape(x, (1,) + shape + (1,))
    return reshape(x, shape + (1,))


def _broadcast_bw(xp, op, xs, ys, gys):
    return _core.sum_to(gys[0], op.params),


def broadcast_to(array, shape):
    """A read-only view of ``array`` broadcast to ``shape``."""
    _core.check_array(array, 'array')
    shape = _core.shape_tuple(shape)
    data = array._data
    if data.shape == shape:
        return _basic.view(array)
    try:
        out = array._device.xp.broadcast_to(data, shape)
    except ValueError:
        raise _errors.DimensionError('cannot broadcast an array of shape {} to shape {}'.format(
            data.shape, shape)) from None
    return _unary_output(array, out, _broadcast_bw, data.shape)


# --------------------------------------------------------------------------------------------
# joining

def _concat_bw(xp, op, xs, ys, gys):
    axis, sizes = op.params
    gy = gys[0]
    bounds = []
    total = 0
    for s in sizes[:-1]:
        total += s
        bounds.append(total)
    return tuple(_split_raw_or_chx(xp, gy, bounds, axis))


def _split_raw_or_chx(xp, a, bounds, axis):
    if _core.is_chainerx(xp):
        return split(a, bounds, axis)
    return xp.split(a, bounds, axis)


def _check_list(arrays, name):
    if isinstance(arrays, ndarray):
        arrays = [arrays[i] for i in range(len(arrays))]
    arrays = list(arrays)
    if not arrays:
        raise _errors.DimensionError('{}: need at least one array'.format(name))
    for a in arrays:
        _core.check_array(a, 'arrays')
    _core.check_same_device(*arrays)
    return arrays


def concatenate(arrays, axis=0):
    """Joins arrays along an existing axis (``axis=None`` flattens them first)."""
    arrays = _check_list(arrays, 'concatenate')
    if axis is None:
        arrays = [ravel(a) for a in arrays]
        axis = 0
    ndim = arrays[0]._data.ndim
    if ndim == 0:
        raise _errors.DimensionError('zero-dimensional arrays cannot be concatenated')
    for a in arrays:
        if a._data.ndim != ndim:
            raise _errors.DimensionError(
                'all the input arrays must have the same number of dimensions')
    axis = _core.normalize_axis(axis, ndim)
    datas = _core.promoted_data([a._data for a in arrays])
    xp = arrays[0]._device.xp
    try:
        out = xp.concatenate(datas, axis)
    except ValueError as e:
        raise _errors.DimensionError('concatenate: {}'.format(e)) from None
    y = _wrap(out, arrays[0]._device)
    if any(a._nodes is not None for a in arrays):
        _graph.record(arrays, (y,), _concat_bw,
                      (axis, tuple(d.shape[axis] for d in datas)))
    return y


def stack(arrays, axis=0):
    """Joins arrays along a new axis."""
    arrays = _check_list(arrays, 'stack')
    shape = arrays[0]._data.shape
    for a in arrays:
        if a._data.shape != shape:
            raise _errors.DimensionError('all input arrays must have the same shape')
    axis = _core.normalize_axis(axis, len(shape) + 1)
    return concatenate([expand_dims(a, axis) for a in arrays], axis)


def hstack(arrays):
    """Joins arrays horizontally (along axis 1; axis 0 for 1-d arrays)."""
    arrays = _check_list(arrays, 'hstack')
    if arrays[0]._data.ndim <= 1:
        return concatenate([reshape(a, (-1,)) if a._data.ndim == 0 else a for a in arrays], 0)
    return concatenate(arrays, 1)


def vstack(arrays):
    """Joins arrays vertically (along axis 0, after making them at least 2-d)."""
    arrays = _check_list(arrays, 'vstack')
    return concatenate([atleast_2d(a) for a in arrays], 0)


def dstack(arrays):
    """Joins arrays depth-wise (along axis 2, after making them at least 3-d)."""
    arrays = _check_list(arrays, 'dstack')
    return concatenate([atleast_3d(a) for a in arrays], 2)


# --------------------------------------------------------------------------------------------
# splitting

def _split_bounds(length, indices_or_sections, name):
    if isinstance(indices_or_sections, (numbers.Integral, numpy.integer)):
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError('{}: number of sections must be larger than 0'.format(name))
        if length % sections:
            raise _errors.DimensionError(
                '{}: array split does not result in an equal division'.format(name))
        step = length // sections
        return [step * i for i in range(1, sections)]
    return [int(i) for i in indices_or_sections]


def split(ary, indices_or_sections, axis=0):
    """Splits an array into sub-arrays (views) along ``axis``.

    Args:
        indices_or_sections: The number of equal sections, or the split points.
    """
    _core.check_array(ary, 'ary')
    data = ary._data
    axis = _core.normalize_axis(axis, data.ndim)
    length = data.shape[axis]
    bounds = _split_bounds(length, indices_or_sections, 'split')
    starts = [0] + bounds
    ends = bounds + [length]
    outs = []
    for start, end in zip(starts, ends):
        start = min(max(start if start >= 0 else start + length, 0), length)
        end = min(max(end if end >= 0 else end + length, 0), length)
        key = (slice(None),) * axis + (slice(start, max(start, end)),)
        outs.append(key)
    from chainerx._routines import indexing
    return [indexing.get_item(ary, key) for key in outs]


def hsplit(ary, indices_or_sections):
    """Splits horizontally (along axis 1; axis 0 for 1-d arrays)."""
    _core.check_array(ary, 'ary')
    if ary._data.ndim == 0:
        raise _errors.DimensionError('hsplit only works on arrays of 1 or more dimensions')
    return split(ary, indices_or_sections, 1 if ary._data.ndim > 1 else 0)


def vsplit(ary, indices_or_sections):
    """Splits vertically (along axis 0) arrays of 2 or more dimensions."""
    _core.check_array(ary, 'ary')
    if ary._data.ndim < 2:
        raise _errors.DimensionError('vsplit only works on arrays of 2 or more dimensions')
    return split(ary, indices_or_sections, 0)


def dsplit(ary, indices_or_sections):
    """Splits depth-wise (along axis 2) arrays of 3 or more dimensions."""
    _core.check_array(ary, 'ary')
    if ary._data.ndim < 3:
        raise _errors.DimensionError('dsplit only works on arrays of 3 or more dimensions')
    return split(ary, indices_or_sections, 2)


# --------------------------------------------------------------------------------------------
# flipping and repeating

def flip(a, axes=None):
    """A view with the order of elements reversed along ``axes`` (all axes when None)."""
    _core.check_array(a, 'a')
    ndim = a._data.ndim
    axes = _core.normalize_axes(axes, ndim)
    key = tuple(slice(None, None, -1) if i in axes else slice(None) for i in range(ndim))
    from chainerx._routines import indexing
    return indexing.get_item(a, key)


def fliplr(a):
    """Flips the array along axis 1."""
    _core.check_array(a, 'a')
    if a._data.ndim < 2:
        raise _errors.DimensionError('fliplr requires an array of at least 2 dimensions')
    return flip(a, 1)


def flipud(a):
    """Flips the array along axis 0."""
    _core.check_array(a, 'a')
    if a._data.ndim < 1:
        raise _errors.DimensionError('flipud requires an array of at least 1 dimension')
    return flip(a, 0)


def _repeat_bw(xp, op, xs, ys, gys):
    axis, repeats, shape = op.params
    gy = gys[0]
    if axis is None:
        gy = gy.reshape((-1,))
        axis = 0
        flat_shape = (int(numpy.prod(shape)),)
    else:
        flat_shape = shape
    # sum each group of repeated elements back into its source element
    bounds = list(numpy.cumsum(repeats)[:-1])
    parts = _split_raw_or_chx(xp, gy, bounds, axis)
    sums = [p.sum(axis=axis, keepdims=True) for p in parts]
    if _core.is_chainerx(xp):
        gx = concatenate(sums, axis)
    else:
        gx = xp.concatenate(sums, axis)
    return gx.reshape(flat_shape).reshape(shape),


def repeat(a, repeats, axis=None):
    """Repeats each element (along ``axis``, or of the flattened array when None)."""
    _core.check_array(a, 'a')
    data = a._data
    if axis is not None:
        axis = _core.normalize_axis(axis, data.ndim)
    n = data.size if axis is None else data.shape[axis]
    if isinstance(repeats, (numbers.Integral, numpy.integer)):
        reps = [int(repeats)] * n
    else:
        reps = [int(r) for r in repeats]
        if len(reps) == 1:
            reps = reps * n
        if len(reps) != n:
            raise _errors.DimensionError('repeats has {} elements but the axis has {}'.format(
                len(reps), n))
    if any(r < 0 for r in reps):
        raise ValueError('repeats may not contain negative values')
    out = a._device.xp.repeat(data, reps, axis)
    y = _wrap(out, a._device)
    if a._nodes is not None and n > 0:
        _record_unary(a, y, _repeat_bw, (axis, reps, data.shape), False, False)
    return y


def tile(a, reps):
    """Repeats the whole array ``reps`` times (per axis, as :func:`numpy.tile`)."""
    _core.check_array(a, 'a')
    if isinstance(reps, (numbers.Integral, numpy.integer)):
        reps = (int(reps),)
    reps = tuple(int(r) for r in reps)
    if any(r < 0 for r in reps):
        raise ValueError('tile: negative repetitions are not allowed')
    data = a._data
    out = a._device.xp.tile(data, reps)
    y = _wrap(out, a._device)
    if a._nodes is not None and data.dtype.kind == 'f':
        ndim = out.ndim
        shape = (1,) * (ndim - data.ndim) + data.shape
        full_reps = (1,) * (ndim - len(reps)) + reps
        _record_unary(a, y, _tile_bw, (data.shape, shape, full_reps), False, False)
    return y


def _tile_bw(xp, op, xs, ys, gys):
    orig_shape, shape, reps = op.params
    split = []  # (r_1, s_1, r_2, s_2, ...): the repetitions are summed
    for r, n in zip(reps, shape):
        split += [r, n]
    g = gys[0].reshape(tuple(split)).sum(axis=tuple(range(0, len(split), 2)))
    return g.reshape(orig_shape),
