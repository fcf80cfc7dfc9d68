"""Axis arguments of the array-manipulation functions: validation and type checks."""
import numpy

from chainer.utils import type_check


def is_int(value):
    """Whether ``value`` is a Python int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_integer(value):
    """Whether ``value`` is a Python or NumPy integer that is not a bool."""
    return (isinstance(value, (int, numpy.integer))
            and not isinstance(value, (bool, numpy.bool_)))


def expect_axis(x_type, axis, new_axis=False):
    """Type-checks that ``axis`` (negative values count from the end) is valid for ``x_type``.

    With ``new_axis=True`` the axis designates a position where an axis is inserted, so that
    ``-ndim - 1 <= axis <= ndim`` is accepted.
    """
    n = x_type.ndim + 1 if new_axis else x_type.ndim
    if axis < 0:
        type_check.expect(-axis <= n)
    else:
        type_check.expect(axis < n)


def cumulative_offsets(lengths):
    """Split points ``[l0, l0 + l1, ...]`` (all but the total) of consecutive ``lengths``."""
    points = []
    total = 0
    for n in lengths[:-1]:
        total += n
        points.append(total)
    return points
