"""Axis handling shared by the reduction functions of ``chainer.functions.math``.

``max``, ``min``, ``mean``/``average``, ``prod`` and ``logsumexp`` accept ``axis`` as ``None``,
an int or a tuple of ints; these helpers normalize it, check it against the input in
``check_type_forward`` and compute the shapes the backward passes need.
"""
import numpy

from chainer.utils import type_check


def _is_int(a):
    return isinstance(a, (int, numpy.integer)) and not isinstance(a, (bool, numpy.bool_))


def normalize_axis(axis, allow_tuple=True):
    """Returns ``axis`` as ``None`` or a tuple of ints, validating its type.

    Raises:
        ValueError: if the tuple has duplicate entries.
        TypeError: if ``axis`` is not ``None``, an int or a tuple of ints.
    """
    if axis is None:
        return None
    if _is_int(axis):
        return (int(axis),)
    if allow_tuple and isinstance(axis, tuple) and all(_is_int(a) for a in axis):
        if len(set(axis)) != len(axis):
            raise ValueError(
                'duplicate value in axis: ({})'.format(', '.join(map(str, axis))))
        return tuple(int(a) for a in axis)
    if allow_tuple:
        raise TypeError('None, int or tuple of int are required')
    raise TypeError('None or int is required')


def expect_axis(in_type, axis):
    """Type-checks that every entry of the normalized ``axis`` is valid for ``in_type``."""
    if axis is None:
        return
    for a in axis:
        if a >= 0:
            type_check.expect(a < in_type.ndim)
        else:
            type_check.expect(-a - 1 < in_type.ndim)


def canonical_axes(axis, ndim):
    """Returns the reduced axes as a sorted tuple of non-negative ints (all axes for None)."""
    if axis is None:
        return tuple(range(ndim))
    return tuple(sorted(a % ndim for a in axis))


def keepdims_shape(shape, axis):
    """Returns ``shape`` with the reduced axes (normalized ``axis``; None = all) set to 1."""
    axes = canonical_axes(axis, len(shape))
    return tuple(1 if i in axes else s for i, s in enumerate(shape))


def reduced_size(shape, axis):
    """Returns the number of elements reduced into each output element."""
    n = 1
    for a in canonical_axes(axis, len(shape)):
        n *= shape[a]
    return n
