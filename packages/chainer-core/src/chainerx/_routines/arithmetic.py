"""Elementwise arithmetic: add, subtract, multiply, divide, power, remainder, negative, ...

Every binary routine takes two arrays, or an array and a Python/NumPy scalar in either order.
Arrays are broadcast (``DimensionError`` when impossible) and promoted (see
:mod:`chainerx._dtypes`); arrays on different devices raise ``DeviceError``.
"""
import operator

import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap_result
_record_binary = _graph.record_binary
_sum_to = _core.sum_to
_sum_to_inputs = _core.sum_to_inputs
_unary_output = _core.unary_output
_identity_bw = _core.identity_bw
_binary_output = _core.binary_output
_operand_kind = _core.operand_kind
_not_bool = _core.not_bool
_check_not_bool = _core.check_not_bool


def _scalar_pair(x, value, name):
    """The raw data of array ``x`` and scalar ``value`` promoted together (DtypeError for
    bool)."""
    d, s = _core.scalar_data(x, value)
    _check_not_bool(d.dtype, name)
    return d, s


def _float_scalar_pair(x, value):
    """The raw data of array ``x`` and scalar ``value`` promoted together, as ``float32``
    unless floating point."""
    d, s = _core.scalar_data(x, value)
    if d.dtype.kind != 'f':
        d = d.astype(numpy.float32)
        s = numpy.float32(s)
    return d, s


# --------------------------------------------------------------------------------------------
# add
#
# add, subtract, multiply and divide start with the case of two arrays of one device, dtype
# and shape written out in full: it is the hot path of every graph.

def _add_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    shapes = op.params
    if shapes is None:
        return gy, gy
    return _sum_to(gy, shapes[0]), _sum_to(gy, shapes[1])


def add(x1, x2):
    """Adds two arrays (or an array and a scalar) elementwise: ``x1 + x2``."""
    if type(x1) is ndarray and type(x2) is ndarray:
        d1 = x1._data
        d2 = x2._data
        if x1._device is x2._device and d1.dtype is d2.dtype and d1.shape == d2.shape:
            y = _wrap(d1 + d2, x1._device)
            if x1._nodes is not None or x2._nodes is not None:
                _record_binary(x1, x2, y, _add_bw, None, False)
            return y
    kind = _operand_kind(x1, x2, 'add')
    if kind == 'aa':
        return _binary_output('add', numpy.add, x1, x2, _add_bw, False)
    if kind == 'sa':
        x1, x2 = x2, x1
    d, s = _core.scalar_data(x1, x2)
    return _unary_output(x1, d + s, _identity_bw)


# --------------------------------------------------------------------------------------------
# subtract

def _sub_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    shapes = op.params
    gx2 = None if op.inputs[1] is None else -gy
    if shapes is None:
        return gy, gx2
    return _sum_to(gy, shapes[0]), None if gx2 is None else _sum_to(gx2, shapes[1])


def _negative_bw(xp, op, xs, ys, gys):
    return -gys[0],


def subtract(x1, x2):
    """Subtracts arrays (or an array and a scalar) elementwise: ``x1 - x2``."""
    if type(x1) is ndarray and type(x2) is ndarray:
        d1 = x1._data
        d2 = x2._data
        if (x1._device is x2._device and d1.dtype is d2.dtype and d1.shape == d2.shape
                and d1.dtype.kind != 'b'):
            y = _wrap(d1 - d2, x1._device)
            if x1._nodes is not None or x2._nodes is not None:
                _record_binary(x1, x2, y, _sub_bw, None, False)
            return y
    kind = _operand_kind(x1, x2, 'subtract')
    if kind == 'aa':
        return _binary_output('subtract', operator.sub, x1, x2, _sub_bw, False,
                              prepare=_not_bool)
    if kind == 'as':
        d, s = _scalar_pair(x1, x2, 'subtract')
        return _unary_output(x1, d - s, _identity_bw)
    d, s = _scalar_pair(x2, x1, 'subtract')
    return _unary_output(x2, s - d, _negative_bw)


def negative(x):
    """Numerical negative, elementwise: ``-x``."""
    _core.check_array(x, 'x')
    d = x._data
    _check_not_bool(d.dtype, 'negative')
    return _unary_output(x, -d, _negative_bw)


# --------------------------------------------------------------------------------------------
# multiply

def _mul_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    inputs = op.inputs
    gx1 = None if inputs[0] is None else gy * x2
    gx2 = None if inputs[1] is None else gy * x1
    shapes = op.params
    if shapes is None:  # the hot path: no broadcast
        return gx1, gx2
    return _sum_to_inputs(gx1, gx2, shapes)


def _mul_scalar_bw(xp, op, xs, ys, gys):
    return gys[0] * op.params,


def multiply(x1, x2):
    """Multiplies arrays (or an array and a scalar) elementwise: ``x1 * x2``."""
    if type(x1) is ndarray and type(x2) is ndarray:
        d1 = x1._data
        d2 = x2._data
        if x1._device is x2._device and d1.dtype is d2.dtype and d1.shape == d2.shape:
            y = _wrap(d1 * d2, x1._device)
            if x1._nodes is not None or x2._nodes is not None:
                _record_binary(x1, x2, y, _mul_bw, None, True)
            return y
    kind = _operand_kind(x1, x2, 'multiply')
    if kind == 'aa':
        return _binary_output('multiply', numpy.multiply, x1, x2, _mul_bw, True)
    if kind == 'sa':
        x1, x2 = x2, x1
    d, s = _core.scalar_data(x1, x2)
    return _unary_output(x1, d * s, _mul_scalar_bw, s)


# --------------------------------------------------------------------------------------------
# divide

def _div_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    inputs = op.inputs
    gx1 = gy / x2
    gx2 = None if inputs[1] is None else -gx1 * x1 / x2
    if inputs[0] is None:
        gx1 = None
    return _sum_to_inputs(gx1, gx2, op.params)


def _div_scalar_bw(xp, op, xs, ys, gys):
    return gys[0] / op.params,


def _rdiv_scalar_bw(xp, op, xs, ys, gys):
    # y = s / x: dy/dx = -s / x ** 2 = -y / x
    x, = xs
    y, = ys
    return -gys[0] * y / x,


def divide(x1, x2):
    """True division of arrays (or an array and a scalar) elementwise: ``x1 / x2``.

    Integral and bool operands give ``float32``.
    """
    if type(x1) is ndarray and type(x2) is ndarray:
        d1 = x1._data
        d2 = x2._data
        if (x1._device is x2._device and d1.dtype is d2.dtype and d1.shape == d2.shape
                and d1.dtype.kind == 'f'):
            y = _wrap(d1 / d2, x1._device)
            if x1._nodes is not None or x2._nodes is not None:
                _record_binary(x1, x2, y, _div_bw, None, True)
            return y
    kind = _operand_kind(x1, x2, 'divide')
    if kind == 'aa':
        return _binary_output('divide', operator.truediv, x1, x2, _div_bw, True,
                              prepare=_core.as_float)
    if kind == 'as':
        d, s = _float_scalar_pair(x1, x2)
        return _unary_output(x1, d / s, _div_scalar_bw, s)
    d, s = _float_scalar_pair(x2, x1)
    return _unary_output(x2, s / d, _rdiv_scalar_bw, None, True, True)


true_divide = divide


def floor_divide(x1, x2):
    """Floor division elementwise: ``x1 // x2`` (not differentiable)."""
    d1, d2, device = _core.operand_data(x1, x2, 'floor_divide')
    _check_not_bool(numpy.result_type(d1), 'floor_divide')
    raw_op = numpy.floor_divide if device._is_native else device.xp.floor_divide
    return _wrap(_core.apply_broadcast('floor_divide', raw_op, d1, d2), device)


def reciprocal(x):
    """Elementwise reciprocal ``1 / x``."""
    return divide(1.0, x)


# --------------------------------------------------------------------------------------------
# power and remainder

def _pow_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    y, = ys
    inputs = op.inputs
    gx1 = gx2 = None
    if inputs[0] is not None:
        gx1 = gy * x2 * x1 ** (x2 - 1)
    if inputs[1] is not None:
        gx2 = gy * y * xp.log(x1)
    return _sum_to_inputs(gx1, gx2, op.params)


def _pow_scalar_bw(xp, op, xs, ys, gys):
    x, = xs
    s = op.params
    return gys[0] * s * x ** (s - 1),


def _rpow_scalar_bw(xp, op, xs, ys, gys):
    y, = ys
    return gys[0] * y * op.params,


def power(x1, x2):
    """Elementwise power ``x1 ** x2`` of arrays (or an array and a scalar)."""
    kind = _operand_kind(x1, x2, 'power')
    if kind == 'aa':
        return _binary_output('power', operator.pow, x1, x2, _pow_bw, True, True,
                              prepare=_not_bool)
    if kind == 'as':
        d, s = _scalar_pair(x1, x2, 'power')
        return _unary_output(x1, d ** s, _pow_scalar_bw, s, True)
    d, s = _scalar_pair(x2, x1, 'power')
    y = _wrap(s ** d, x2._device)
    if x2._nodes is not None:  # log(s) only when recorded: it warns for s <= 0
        _graph.record_unary(x2, y, _rpow_scalar_bw, numpy.log(s).astype(d.dtype), False, True)
    return y


def _remainder_grads(op, xs, gy, rounding):
    # x1 = q x2 + r with q = rounding(x1 / x2): dr/dx1 = 1 and dr/dx2 = -q
    x1, x2 = xs
    inputs = op.inputs
    gx1 = None if inputs[0] is None else gy
    gx2 = None if inputs[1] is None else -gy * rounding(x1 / x2)
    return _sum_to_inputs(gx1, gx2, op.params)


def _mod_bw(xp, op, xs, ys, gys):
    return _remainder_grads(op, xs, gys[0], xp.floor)


def _rmod_scalar_bw(xp, op, xs, ys, gys):
    x, = xs
    return -gys[0] * xp.floor(op.params / x),


def remainder(x1, x2):
    """Elementwise remainder of division with the sign of the divisor (``x1 % x2``)."""
    kind = _operand_kind(x1, x2, 'remainder')
    if kind == 'aa':
        return _binary_output('remainder', operator.mod, x1, x2, _mod_bw, True,
                              prepare=_not_bool)
    if kind == 'as':
        d, s = _scalar_pair(x1, x2, 'remainder')
        return _unary_output(x1, d % s, _identity_bw)
    d, s = _scalar_pair(x2, x1, 'remainder')
    return _unary_output(x2, s % d, _rmod_scalar_bw, s, True)


mod = remainder


def fmod(x1, x2):
    """Elementwise remainder of division with the sign of the dividend (C's ``fmod``)."""
    kind = _operand_kind(x1, x2, 'fmod')
    if kind == 'as':
        x2 = _full_like_scalar(x1, x2)
    elif kind == 'sa':
        x1 = _full_like_scalar(x2, x1)
    return _binary_output('fmod', x1._device.xp.fmod, x1, x2, _fmod_bw, True,
                          prepare=_not_bool)


def _fmod_bw(xp, op, xs, ys, gys):
    return _remainder_grads(op, xs, gys[0], xp.trunc)


def _full_like_scalar(x, value):
    d, s = _core.scalar_data(x, value)
    return _core.wrap(x._device.xp.full((), s, d.dtype), x._device)


# --------------------------------------------------------------------------------------------
# bitwise

def _bitwise(name, x1, x2):
    # ``name`` is also the name of the raw routine of the array module
    d1, d2, device = _core.operand_data(x1, x2, name)
    if numpy.result_type(d1).kind == 'f' or numpy.result_type(d2).kind == 'f':
        raise _errors.DtypeError('{} does not support floating point dtypes'.format(name))
    return _wrap(_core.apply_broadcast(name, getattr(device.xp, name), d1, d2), device)


def bitwise_and(x1, x2):
    """Elementwise bitwise AND of integral or bool arrays (or an array and a scalar)."""
    return _bitwise('bitwise_and', x1, x2)


def bitwise_or(x1, x2):
    """Elementwise bitwise OR of integral or bool arrays (or an array and a scalar)."""
    return _bitwise('bitwise_or', x1, x2)


def bitwise_xor(x1, x2):
    """Elementwise bitwise XOR of integral or bool arrays (or an array and a scalar)."""
    return _bitwise('bitwise_xor', x1, x2)


def left_shift(x1, x2):
    """Elementwise left shift of integral arrays (or an array and a scalar)."""
    return _bitwise('left_shift', x1, x2)


def right_shift(x1, x2):
    """Elementwise right shift of integral arrays (or an array and a scalar)."""
    return _bitwise('right_shift', x1, x2)
