"""Elementwise arithmetic: add, subtract, multiply, divide, power, remainder, negative, ...

Every binary routine takes two arrays, or an array and a Python/NumPy scalar in either order.
Arrays are broadcast (``DimensionError`` when impossible) and promoted (see
:mod:`chainerx._dtypes`); arrays on different devices raise ``DeviceError``.
"""
import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core

ndarray = _core.ndarray
_wrap = _core.wrap_result
_record_unary = _graph.record_unary
_record_binary = _graph.record_binary
_sum_to = _core.sum_to
_binary_data = _core.binary_data
_is_scalar = _core.is_scalar


def _operands(x1, x2, name):
    """Classifies the operands: (array, array), (array, scalar) or (scalar, array)."""
    a1 = isinstance(x1, ndarray)
    a2 = isinstance(x2, ndarray)
    if a1 and a2:
        return 'aa'
    if a1 and _is_scalar(x2):
        return 'as'
    if a2 and _is_scalar(x1):
        return 'sa'
    raise TypeError('{}: unsupported operand types: {} and {}'.format(
        name, type(x1).__name__, type(x2).__name__))


def _shapes_param(d1, d2):
    s1 = d1.shape
    s2 = d2.shape
    return None if s1 == s2 else (s1, s2)


def _check_not_bool(dtype, name):
    if dtype.kind == 'b':
        raise _errors.DtypeError('{} does not support the bool dtype'.format(name))


def _binary(name, x1, x2, raw_op):
    """Evaluates ``raw_op`` on two arrays; returns (result data, device)."""
    d1, d2 = _binary_data(x1, x2)
    try:
        return raw_op(d1, d2)
    except ValueError:
        raise _core.broadcast_error(name, d1.shape, d2.shape) from None


# --------------------------------------------------------------------------------------------
# add

def _add_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    shapes = op.params
    if shapes is None:
        return gy, gy
    return _sum_to(gy, shapes[0]), _sum_to(gy, shapes[1])


def _identity_bw(xp, op, xs, ys, gys):
    return gys[0],


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
    kind = _operands(x1, x2, 'add')
    if kind == 'aa':
        y = _wrap(_binary('add', x1, x2, numpy.add), x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _record_binary(x1, x2, y, _add_bw, _shapes_param(x1._data, x2._data), False)
        return y
    if kind == 'sa':
        x1, x2 = x2, x1
    d, s = _core.scalar_data(x1, x2)
    y = _wrap(d + s, x1._device)
    if x1._nodes is not None:
        _record_unary(x1, y, _identity_bw, None, False, False)
    return y


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
    kind = _operands(x1, x2, 'subtract')
    if kind == 'aa':
        d1, d2 = _binary_data(x1, x2)
        _check_not_bool(d1.dtype, 'subtract')
        try:
            data = d1 - d2
        except ValueError:
            raise _core.broadcast_error('subtract', d1.shape, d2.shape) from None
        y = _wrap(data, x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _record_binary(x1, x2, y, _sub_bw, _shapes_param(d1, d2), False)
        return y
    if kind == 'as':
        d, s = _core.scalar_data(x1, x2)
        _check_not_bool(d.dtype, 'subtract')
        y = _wrap(d - s, x1._device)
        if x1._nodes is not None:
            _record_unary(x1, y, _identity_bw, None, False, False)
        return y
    d, s = _core.scalar_data(x2, x1)
    _check_not_bool(d.dtype, 'subtract')
    y = _wrap(s - d, x2._device)
    if x2._nodes is not None:
        _record_unary(x2, y, _negative_bw, None, False, False)
    return y


def negative(x):
    """Numerical negative, elementwise: ``-x``."""
    _core.check_array(x, 'x')
    d = x._data
    _check_not_bool(d.dtype, 'negative')
    y = _wrap(-d, x._device)
    if x._nodes is not None:
        _record_unary(x, y, _negative_bw, None, False, False)
    return y


# --------------------------------------------------------------------------------------------
# multiply

def _mul_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    inputs = op.inputs
    gx1 = None if inputs[0] is None else gy * x2
    gx2 = None if inputs[1] is None else gy * x1
    shapes = op.params
    if shapes is not None:
        if gx1 is not None:
            gx1 = _sum_to(gx1, shapes[0])
        if gx2 is not None:
            gx2 = _sum_to(gx2, shapes[1])
    return gx1, gx2


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
    kind = _operands(x1, x2, 'multiply')
    if kind == 'aa':
        y = _wrap(_binary('multiply', x1, x2, numpy.multiply), x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _record_binary(x1, x2, y, _mul_bw, _shapes_param(x1._data, x2._data), True)
        return y
    if kind == 'sa':
        x1, x2 = x2, x1
    d, s = _core.scalar_data(x1, x2)
    y = _wrap(d * s, x1._device)
    if x1._nodes is not None:
        _record_unary(x1, y, _mul_scalar_bw, s, False, False)
    return y


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
    shapes = op.params
    if shapes is not None:
        if gx1 is not None:
            gx1 = _sum_to(gx1, shapes[0])
        if gx2 is not None:
            gx2 = _sum_to(gx2, shapes[1])
    return gx1, gx2


def _div_scalar_bw(xp, op, xs, ys, gys):
    return gys[0] / op.params,


def _rdiv_scalar_bw(xp, op, xs, ys, gys):
    # y = s / x: dy/dx = -s / x ** 2 = -y / x
    x, = xs
    y, = ys
    return -gys[0] * y / x,


def _float_pair(d1, d2):
    if d1.dtype.kind != 'f':
        d1 = d1.astype(numpy.float32)
        d2 = d2.astype(numpy.float32)
    return d1, d2


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
    kind = _operands(x1, x2, 'divide')
    if kind == 'aa':
        d1, d2 = _float_pair(*_binary_data(x1, x2))
        try:
            data = d1 / d2
        except ValueError:
            raise _core.broadcast_error('divide', d1.shape, d2.shape) from None
        y = _wrap(data, x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _record_binary(x1, x2, y, _div_bw, _shapes_param(d1, d2), True)
        return y
    if kind == 'as':
        d, s = _core.scalar_data(x1, x2)
        if d.dtype.kind != 'f':
            d = d.astype(numpy.float32)
            s = numpy.float32(s)
        y = _wrap(d / s, x1._device)
        if x1._nodes is not None:
            _record_unary(x1, y, _div_scalar_bw, s, False, False)
        return y
    d, s = _core.scalar_data(x2, x1)
    if d.dtype.kind != 'f':
        d = d.astype(numpy.float32)
        s = numpy.float32(s)
    y = _wrap(s / d, x2._device)
    if x2._nodes is not None:
        _record_unary(x2, y, _rdiv_scalar_bw, None, True, True)
    return y


true_divide = divide


def floor_divide(x1, x2):
    """Floor division elementwise: ``x1 // x2`` (not differentiable)."""
    kind = _operands(x1, x2, 'floor_divide')
    if kind == 'aa':
        d1, d2 = _binary_data(x1, x2)
        device = x1._device
    elif kind == 'as':
        d1, d2 = _core.scalar_data(x1, x2)
        device = x1._device
    else:
        d2, d1 = _core.scalar_data(x2, x1)
        device = x2._device
    _check_not_bool(numpy.result_type(d1), 'floor_divide')
    try:
        return _wrap(numpy.floor_divide(d1, d2) if device._is_native
                     else device.xp.floor_divide(d1, d2), device)
    except ValueError:
        raise _core.broadcast_error('floor_divide', numpy.shape(d1), numpy.shape(d2)) from None


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
    shapes = op.params
    if shapes is not None:
        if gx1 is not None:
            gx1 = _sum_to(gx1, shapes[0])
        if gx2 is not None:
            gx2 = _sum_to(gx2, shapes[1])
    return gx1, gx2


def _pow_scalar_bw(xp, op, xs, ys, gys):
    x, = xs
    s = op.params
    return gys[0] * s * x ** (s - 1),


def _rpow_scalar_bw(xp, op, xs, ys, gys):
    y, = ys
    return gys[0] * y * op.params,


def power(x1, x2):
    """Elementwise power ``x1 ** x2`` of arrays (or an array and a scalar)."""
    kind = _operands(x1, x2, 'power')
    if kind == 'aa':
        d1, d2 = _binary_data(x1, x2)
        _check_not_bool(d1.dtype, 'power')
        try:
            data = d1 ** d2
        except ValueError:
            raise _core.broadcast_error('power', d1.shape, d2.shape) from None
        y = _wrap(data, x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _graph.record((x1, x2), (y,), _pow_bw, _shapes_param(d1, d2), True, True)
        return y
    if kind == 'as':
        d, s = _core.scalar_data(x1, x2)
        _check_not_bool(d.dtype, 'power')
        y = _wrap(d ** s, x1._device)
        if x1._nodes is not None:
            _record_unary(x1, y, _pow_scalar_bw, s, True, False)
        return y
    d, s = _core.scalar_data(x2, x1)
    _check_not_bool(d.dtype, 'power')
    y = _wrap(s ** d, x2._device)
    if x2._nodes is not None:
        _record_unary(x2, y, _rpow_scalar_bw, numpy.log(s).astype(d.dtype), False, True)
    return y


def _mod_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    inputs = op.inputs
    gx1 = None if inputs[0] is None else gy
    gx2 = None if inputs[1] is None else -gy * xp.floor(x1 / x2)
    shapes = op.params
    if shapes is not None:
        if gx1 is not None:
            gx1 = _sum_to(gx1, shapes[0])
        if gx2 is not None:
            gx2 = _sum_to(gx2, shapes[1])
    return gx1, gx2


def _rmod_scalar_bw(xp, op, xs, ys, gys):
    x, = xs
    return -gys[0] * xp.floor(op.params / x),


def remainder(x1, x2):
    """Elementwise remainder of division with the sign of the divisor (``x1 % x2``)."""
    kind = _operands(x1, x2, 'remainder')
    if kind == 'aa':
        d1, d2 = _binary_data(x1, x2)
        _check_not_bool(d1.dtype, 'remainder')
        try:
            data = d1 % d2
        except ValueError:
            raise _core.broadcast_error('remainder', d1.shape, d2.shape) from None
        y = _wrap(data, x1._device)
        if x1._nodes is not None or x2._nodes is not None:
            _graph.record((x1, x2), (y,), _mod_bw, _shapes_param(d1, d2), True, False)
        return y
    if kind == 'as':
        d, s = _core.scalar_data(x1, x2)
        _check_not_bool(d.dtype, 'remainder')
        y = _wrap(d % s, x1._device)
        if x1._nodes is not None:
            _record_unary(x1, y, _identity_bw, None, False, False)
        return y
    d, s = _core.scalar_data(x2, x1)
    _check_not_bool(d.dtype, 'remainder')
    y = _wrap(s % d, x2._device)
    if x2._nodes is not None:
        _record_unary(x2, y, _rmod_scalar_bw, s, True, False)
    return y


mod = remainder


def fmod(x1, x2):
    """Elementwise remainder of division with the sign of the dividend (C's ``fmod``)."""
    kind = _operands(x1, x2, 'fmod')
    if kind != 'aa':
        if kind == 'as':
            x2 = _full_like_scalar(x1, x2)
        else:
            x1 = _full_like_scalar(x2, x1)
    d1, d2 = _binary_data(x1, x2)
    _check_not_bool(d1.dtype, 'fmod')
    xp = x1._device.xp
    try:
        data = xp.fmod(d1, d2)
    except ValueError:
        raise _core.broadcast_error('fmod', d1.shape, d2.shape) from None
    y = _wrap(data, x1._device)
    if x1._nodes is not None or x2._nodes is not None:
        _graph.record((x1, x2), (y,), _fmod_bw, _shapes_param(d1, d2), True, False)
    return y


def _fmod_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x1, x2 = xs
    inputs = op.inputs
    gx1 = None if inputs[0] is None else gy
    gx2 = None if inputs[1] is None else -gy * xp.trunc(x1 / x2)
    shapes = op.params
    if shapes is not None:
        if gx1 is not None:
            gx1 = _sum_to(gx1, shapes[0])
        if gx2 is not None:
            gx2 = _sum_to(gx2, shapes[1])
    return gx1, gx2


def _full_like_scalar(x, value):
    d, s = _core.scalar_data(x, value)
    return _core.wrap(x._device.xp.full((), s, d.dtype), x._device)


# --------------------------------------------------------------------------------------------
# bitwise

def _bitwise(name, raw_name, x1, x2):
    kind = _operands(x1, x2, name)
    if kind == 'aa':
        d1, d2 = _binary_data(x1, x2)
        device = x1._device
    elif kind == 'as':
        d1, d2 = _core.scalar_data(x1, x2)
        device = x1._device
    else:
        d2, d1 = _core.scalar_data(x2, x1)
        device = x2._device
    dtype = numpy.result_type(d1)
    if dtype.kind == 'f' or numpy.result_type(d2).kind == 'f':
        raise _errors.DtypeError('{} does not support floating point dtypes'.format(name))
    try:
        return _wrap(getattr(device.xp, raw_name)(d1, d2), device)
    except ValueError:
        raise _core.broadcast_error(name, numpy.shape(d1), numpy.shape(d2)) from None


def bitwise_and(x1, x2):
    """Elementwise bitwise AND of integral or bool arrays (or an array and a scalar)."""
    return _bitwise('bitwise_and', 'bitwise_and', x1, x2)


def bitwise_or(x1, x2):
    """Elementwise bitwise OR of integral or bool arrays (or an array and a scalar)."""
    return _bitwise('bitwise_or', 'bitwise_or', x1, x2)


def bitwise_xor(x1, x2):
    """Elementwise bitwise XOR of integral or bool arrays (or an array and a scalar)."""
    return _bitwise('bitwise_xor', 'bitwise_xor', x1, x2)


def left_shift(x1, x2):
    """Elementwise left shift of integral arrays (or an array and a scalar)."""
    return _bitwise('left_shift', 'left_shift', x1, x2)


def right_shift(x1, x2):
    """Elementwise right shift of integral arrays (or an array and a scalar)."""
    return _bitwise('right_shift', 'right_shift', x1, x2)
