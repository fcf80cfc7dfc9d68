"""Comparisons, logical operations and floating point classification (bool results)."""
import numpy

from chainerx import _errors
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap_result


def _compare(name, raw, x1, x2):
    d1, d2, device = _core.operand_data(x1, x2, name)
    return _wrap(_core.apply_broadcast(name, raw, d1, d2), device)


def _predicate(raw, x):
    _core.check_array(x, 'x')
    return _wrap(raw(x._data), x._device)


def equal(x1, x2):
    """Elementwise ``x1 == x2``."""
    return _compare('equal', numpy.equal, x1, x2)


def not_equal(x1, x2):
    """Elementwise ``x1 != x2``."""
    return _compare('not_equal', numpy.not_equal, x1, x2)


def greater(x1, x2):
    """Elementwise ``x1 > x2``."""
    return _compare('greater', numpy.greater, x1, x2)


def greater_equal(x1, x2):
    """Elementwise ``x1 >= x2``."""
    return _compare('greater_equal', numpy.greater_equal, x1, x2)


def less(x1, x2):
    """Elementwise ``x1 < x2``."""
    return _compare('less', numpy.less, x1, x2)


def less_equal(x1, x2):
    """Elementwise ``x1 <= x2``."""
    return _compare('less_equal', numpy.less_equal, x1, x2)


def logical_and(x1, x2):
    """Elementwise logical AND."""
    return _compare('logical_and', numpy.logical_and, x1, x2)


def logical_or(x1, x2):
    """Elementwise logical OR."""
    return _compare('logical_or', numpy.logical_or, x1, x2)


def logical_xor(x1, x2):
    """Elementwise logical XOR."""
    return _compare('logical_xor', numpy.logical_xor, x1, x2)


def logical_not(x):
    """Elementwise logical NOT."""
    return _predicate(numpy.logical_not, x)


def isnan(x):
    """Elementwise test for NaN."""
    return _predicate(numpy.isnan, x)


def isinf(x):
    """Elementwise test for positive or negative infinity."""
    return _predicate(numpy.isinf, x)


def isfinite(x):
    """Elementwise test for finiteness (not NaN and not infinity)."""
    return _predicate(numpy.isfinite, x)


def invert(x):
    """Elementwise bitwise NOT of integral or bool arrays."""
    _core.check_array(x, 'x')
    if x._data.dtype.kind == 'f':
        raise _errors.DtypeError('invert does not support floating point dtypes')
    return _wrap(numpy.invert(x._data), x._device)


bitwise_not = invert
