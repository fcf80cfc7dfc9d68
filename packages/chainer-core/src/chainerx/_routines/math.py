"""Elementwise mathematical functions: exponentials, logarithms, trigonometry, rounding, ...

Integral and bool inputs of the float-valued functions give ``float32`` (the default float
dtype). Rounding functions and :func:`sign` are not differentiable (their outputs are not
connected to the graph).
"""
import math

import numpy

from chainerx import _graph
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap_result
_unary_output = _core.unary_output

_LN2 = math.log(2.0)
_INV_LN2 = 1.0 / math.log(2.0)
_INV_LN10 = 1.0 / math.log(10.0)


def _unary_float(x, raw, backward, retain_x, retain_y):
    if type(x) is not ndarray:
        _core.check_array(x, 'x')
    d = x._data
    if d.dtype.kind != 'f':
        d = d.astype(numpy.float32)
    if backward is None:
        return _wrap(raw(d), x._device)
    return _unary_output(x, raw(d), backward, None, retain_x, retain_y)


def _typed(value, like):
    # a Python constant in the dtype of ``like`` (so that float16 stays float16 on NumPy 1)
    return like.dtype.type(value)


# --------------------------------------------------------------------------------------------
# exponentials and logarithms

def _exp_bw(xp, op, xs, ys, gys):
    return gys[0] * ys[0],


def exp(x):
    """Elementwise exponential."""
    return _unary_float(x, numpy.exp, _exp_bw, False, True)


def _expm1_bw(xp, op, xs, ys, gys):
    y = ys[0]
    return gys[0] * (y + _typed(1, y)),


def expm1(x):
    """Elementwise ``exp(x) - 1`` (accurate near 0)."""
    return _unary_float(x, numpy.expm1, _expm1_bw, False, True)


def _exp2_bw(xp, op, xs, ys, gys):
    y = ys[0]
    return gys[0] * y * _typed(_LN2, y),


def exp2(x):
    """Elementwise ``2 ** x``."""
    return _unary_float(x, numpy.exp2, _exp2_bw, False, True)


def _log_bw(xp, op, xs, ys, gys):
    return gys[0] / xs[0],


def log(x):
    """Elementwise natural logarithm."""
    return _unary_float(x, numpy.log, _log_bw, True, False)


def _log10_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / x * _typed(_INV_LN10, x),


def log10(x):
    """Elementwise base-10 logarithm."""
    return _unary_float(x, numpy.log10, _log10_bw, True, False)


def _log2_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / x * _typed(_INV_LN2, x),


def log2(x):
    """Elementwise base-2 logarithm."""
    return _unary_float(x, numpy.log2, _log2_bw, True, False)


def _log1p_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / (x + _typed(1, x)),


def log1p(x):
    """Elementwise ``log(1 + x)`` (accurate near 0)."""
    return _unary_float(x, numpy.log1p, _log1p_bw, True, False)


# --------------------------------------------------------------------------------------------
# powers

def _sqrt_bw(xp, op, xs, ys, gys):
    y = ys[0]
    return gys[0] * _typed(0.5, y) / y,


def sqrt(x):
    """Elementwise non-negative square root."""
    return _unary_float(x, numpy.sqrt, _sqrt_bw, False, True)


def _square_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] * _typed(2, x) * x,


def square(x):
    """Elementwise square ``x * x`` (the dtype is kept)."""
    _core.check_array(x, 'x')
    d = x._data
    _core.check_not_bool(d.dtype, 'square')
    return _unary_output(x, numpy.square(d), _square_bw, None, True)


def _cbrt_bw(xp, op, xs, ys, gys):
    y = ys[0]
    return gys[0] / (_typed(3, y) * y * y),


def cbrt(x):
    """Elementwise cube root."""
    return _unary_float(x, numpy.cbrt, _cbrt_bw, False, True)


# --------------------------------------------------------------------------------------------
# trigonometric and hyperbolic functions

def _sin_bw(xp, op, xs, ys, gys):
    return gys[0] * xp.cos(xs[0]),


def sin(x):
    """Elementwise sine."""
    return _unary_float(x, numpy.sin, _sin_bw, True, False)


def _cos_bw(xp, op, xs, ys, gys):
    return -gys[0] * xp.sin(xs[0]),


def cos(x):
    """Elementwise cosine."""
    return _unary_float(x, numpy.cos, _cos_bw, True, False)


def _tan_bw(xp, op, xs, ys, gys):
    y = ys[0]
    return gys[0] * (y * y + _typed(1, y)),


def tan(x):
    """Elementwise tangent."""
    return _unary_float(x, numpy.tan, _tan_bw, False, True)


def _arcsin_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / xp.sqrt(_typed(1, x) - x * x),


def arcsin(x):
    """Elementwise inverse sine."""
    return _unary_float(x, numpy.arcsin, _arcsin_bw, True, False)


def _arccos_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return -gys[0] / xp.sqrt(_typed(1, x) - x * x),


def arccos(x):
    """Elementwise inverse cosine."""
    return _unary_float(x, numpy.arccos, _arccos_bw, True, False)


def _arctan_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / (x * x + _typed(1, x)),


def arctan(x):
    """Elementwise inverse tangent."""
    return _unary_float(x, numpy.arctan, _arctan_bw, True, False)


def _arctan2_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    inputs = op.inputs
    denom = x1 * x1 + x2 * x2
    gx1 = None if inputs[0] is None else gy * x2 / denom
    gx2 = None if inputs[1] is None else -gy * x1 / denom
    return _core.sum_to_inputs(gx1, gx2, op.params)


def arctan2(x1, x2):
    """Elementwise arc tangent of ``x1 / x2`` choosing the quadrant."""
    _core.check_array(x1, 'x1')
    _core.check_array(x2, 'x2')
    return _core.binary_output('arctan2', numpy.arctan2, x1, x2, _arctan2_bw, True,
                               prepare=_core.as_float)


def _sinh_bw(xp, op, xs, ys, gys):
    return gys[0] * xp.cosh(xs[0]),


def sinh(x):
    """Elementwise hyperbolic sine."""
    return _unary_float(x, numpy.sinh, _sinh_bw, True, False)


def _cosh_bw(xp, op, xs, ys, gys):
    return gys[0] * xp.sinh(xs[0]),


def cosh(x):
    """Elementwise hyperbolic cosine."""
    return _unary_float(x, numpy.cosh, _cosh_bw, True, False)


def _tanh_bw(xp, op, xs, ys, gys):
    y = ys[0]
    return gys[0] * (_typed(1, y) - y * y),


def tanh(x):
    """Elementwise hyperbolic tangent."""
    return _unary_float(x, numpy.tanh, _tanh_bw, False, True)


def _arcsinh_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / xp.sqrt(x * x + _typed(1, x)),


def arcsinh(x):
    """Elementwise inverse hyperbolic sine."""
    return _unary_float(x, numpy.arcsinh, _arcsinh_bw, True, False)


def _arccosh_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / xp.sqrt(x * x - _typed(1, x)),


def arccosh(x):
    """Elementwise inverse hyperbolic cosine."""
    return _unary_float(x, numpy.arccosh, _arccosh_bw, True, False)


def _arctanh_bw(xp, op, xs, ys, gys):
    x = xs[0]
    return gys[0] / (_typed(1, x) - x * x),


def arctanh(x):
    """Elementwise inverse hyperbolic tangent."""
    return _unary_float(x, numpy.arctanh, _arctanh_bw, True, False)


# --------------------------------------------------------------------------------------------
# rounding, sign and absolute value

def ceil(x):
    """Elementwise ceiling (not differentiable)."""
    return _unary_float(x, numpy.ceil, None, False, False)


def floor(x):
    """Elementwise floor (not differentiable)."""
    return _unary_float(x, numpy.floor, None, False, False)


def trunc(x):
    """Elementwise truncation toward zero (not differentiable)."""
    return _unary_float(x, numpy.trunc, None, False, False)


def sign(x):
    """Elementwise sign (-1, 0 or 1) in the dtype of ``x`` (not differentiable)."""
    _core.check_array(x, 'x')
    d = x._data
    _core.check_not_bool(d.dtype, 'sign')
    return _wrap(numpy.sign(d), x._device)


def _abs_bw(xp, op, xs, ys, gys):
    return gys[0] * xp.sign(xs[0]),


def absolute(x):
    """Elementwise absolute value (the dtype is kept)."""
    _core.check_array(x, 'x')
    d = x._data
    _core.check_not_bool(d.dtype, 'absolute')
    return _unary_output(x, numpy.absolute(d), _abs_bw, None, True)


abs = absolute


def fabs(x):
    """Elementwise absolute value as floats."""
    return _unary_float(x, numpy.fabs, _abs_bw, True, False)


# --------------------------------------------------------------------------------------------
# maximum and minimum

def _max_min_bw(xp, op, xs, ys, gys):
    # params: (selects_first, shapes); the first input gets the gradient where it was chosen
    gy = gys[0]
    x1, x2 = xs
    first, shapes = op.params
    mask = first(x1, x2)
    inputs = op.inputs
    zero = _typed(0, gy)
    gx1 = None if inputs[0] is None else xp.where(mask, gy, zero)
    gx2 = None if inputs[1] is None else xp.where(mask, zero, gy)
    return _core.sum_to_inputs(gx1, gx2, shapes)


def _max_min_scalar_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x, = xs
    first, s = op.params
    return xp.where(first(x, s), gy, _typed(0, gy)),


def _ge(a, b):
    return a >= b


def _le(a, b):
    return a <= b


def _max_min(name, raw, first, x1, x2):
    kind = _core.operand_kind(x1, x2, name)
    if kind == 'aa':
        d1, d2 = _core.binary_data(x1, x2)
        y = _wrap(_core.apply_broadcast(name, raw, d1, d2), x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _graph.record_binary(x1, x2, y, _max_min_bw, (first, _core.input_shapes(d1, d2)),
                                 True)
        return y
    if kind == 'sa':
        x1, x2 = x2, x1
    d, s = _core.scalar_data(x1, x2)
    return _unary_output(x1, raw(d, s), _max_min_scalar_bw, (first, s), True)


def maximum(x1, x2):
    """Elementwise maximum of arrays (or an array and a scalar); NaNs propagate."""
    return _max_min('maximum', numpy.maximum, _ge, x1, x2)


def minimum(x1, x2):
    """Elementwise minimum of arrays (or an array and a scalar); NaNs propagate."""
    return _max_min('minimum', numpy.minimum, _le, x1, x2)
