"""Activation functions: relu, leaky_relu, elu, sigmoid, softplus, softmax, log_softmax.

:func:`softmax` and :func:`log_softmax` normalize over axis 1 by default, as Chainer does.
"""
import numpy

from chainerx import _graph
from chainerx._routines import _core
from chainerx._routines import arithmetic

ndarray = _core.ndarray
_wrap = _core.wrap_result
_unary_output = _core.unary_output


def _float_input(x, name):
    _core.check_array(x, 'x')
    _core.check_float(x, name)
    return x._data


def _relu_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    y, = ys
    return xp.where(y > 0, gy, gy.dtype.type(0)),


def relu(x):
    """Rectified linear unit ``max(x, 0)``; the gradient at 0 is 0."""
    _core.check_array(x, 'x')
    d = x._data
    y = _wrap(numpy.maximum(d, d.dtype.type(0)), x._device)
    if x._nodes is not None and d.dtype.kind == 'f':
        _graph.record_unary(x, y, _relu_bw, None, False, True)
    return y


def _leaky_relu_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x, = xs
    return xp.where(x >= 0, gy, gy * gy.dtype.type(op.params)),


def leaky_relu(x, slope=0.2):
    """Leaky rectifier: ``x`` where ``x >= 0``, else ``slope * x``."""
    d = _float_input(x, 'leaky_relu')
    out = numpy.where(d >= 0, d, d * d.dtype.type(slope))
    return _unary_output(x, out, _leaky_relu_bw, slope, True)


def _elu_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    x, = xs
    y, = ys
    alpha = op.params
    return xp.where(x > 0, gy, gy * (y + gy.dtype.type(alpha))),


def elu(x, alpha=1.0):
    """Exponential linear unit: ``x`` where ``x > 0``, else ``alpha * (exp(x) - 1)``."""
    d = _float_input(x, 'elu')
    neg = numpy.expm1(numpy.minimum(d, d.dtype.type(0))) * d.dtype.type(alpha)
    return _unary_output(x, numpy.where(d > 0, d, neg), _elu_bw, alpha, True, True)


def _sigmoid_bw(xp, op, xs, ys, gys):
    y, = ys
    return gys[0] * y * (y.dtype.type(1) - y),


def sigmoid(x):
    """Logistic sigmoid ``1 / (1 + exp(-x))``."""
    d = _float_input(x, 'sigmoid')
    half = d.dtype.type(0.5)
    return _unary_output(x, numpy.tanh(d * half) * half + half, _sigmoid_bw, None, False, True)


def _softplus_bw(xp, op, xs, ys, gys):
    x, = xs
    beta = op.params
    if _core.is_chainerx(xp):
        return arithmetic.multiply(gys[0], sigmoid(x * x.dtype.type(beta))),
    bx = x * x.dtype.type(beta)
    half = x.dtype.type(0.5)
    return gys[0] * (xp.tanh(bx * half) * half + half),


def softplus(x, beta=1.0):
    """Smooth rectifier ``log(1 + exp(beta * x)) / beta``."""
    d = _float_input(x, 'softplus')
    bx = d * d.dtype.type(beta)
    out = (numpy.maximum(bx, 0) + numpy.log1p(numpy.exp(-numpy.abs(bx)))) / d.dtype.type(beta)
    return _unary_output(x, out.astype(d.dtype, copy=False), _softplus_bw, beta, True)


def _softmax_axes(x, axis):
    if axis is None:
        axis = 1
    return _core.normalize_axes(axis, x._data.ndim)


def _softmax_bw(xp, op, xs, ys, gys):
    y, = ys
    axes = op.params
    gy = gys[0]
    gx = y * gy
    return gx - y * gx.sum(axis=axes, keepdims=True),


def softmax(x, axis=None):
    """Softmax over ``axis`` (axis 1 when None)."""
    d = _float_input(x, 'softmax')
    axes = _softmax_axes(x, axis)
    e = numpy.exp(d - d.max(axis=axes, keepdims=True))
    return _unary_output(x, e / e.sum(axis=axes, keepdims=True), _softmax_bw, axes, False, True)


def _log_softmax_bw(xp, op, xs, ys, gys):
    y, = ys
    axes = op.params
    gy = gys[0]
    return gy - xp.exp(y) * gy.sum(axis=axes, keepdims=True),


def log_softmax(x, axis=None):
    """Logarithm of the softmax over ``axis`` (axis 1 when None), computed stably."""
    d = _float_input(x, 'log_softmax')
    axes = _softmax_axes(x, axis)
    shifted = d - d.max(axis=axes, keepdims=True)
    out = shifted - numpy.log(numpy.exp(shifted).sum(axis=axes, keepdims=True))
    return _unary_output(x, out, _log_softmax_bw, axes, False, True)
