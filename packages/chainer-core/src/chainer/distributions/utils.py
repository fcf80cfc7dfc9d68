"""Helpers shared by the distributions."""
import warnings

import numpy

import chainer
from chainer import function_node
from chainer import utils


class ModifiedXLogX(function_node.FunctionNode):
    """``x * log(x)`` extended by continuity with ``0 * log(0) = 0``.

    Args:
        logx (~chainer.Variable): ``log(x)`` (any finite value where ``x == 0``); the backward
            uses it, so it may itself depend on ``x``.
    """

    def __init__(self, logx):
        self._logx = logx

    @property
    def label(self):
        return 'ModifiedXLogX'

    def forward(self, inputs):
        x, = inputs
        self.x_zero = utils.force_array(x == 0)
        y = utils.force_array(x * self._logx.array)
        y[self.x_zero] = 0
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        if self.x_zero.any():
            warnings.warn('cannot calculate gradient for zero input.', RuntimeWarning)
        gy, = grad_outputs
        dx = (1 + self._logx) * (1 - self.x_zero.astype(gy.dtype))
        return gy * dx,


def _modified_xlogx(x):
    """``x * log(x)`` with ``0 * log(0) = 0`` (see :class:`ModifiedXLogX`)."""
    x = chainer.as_variable(x)
    xp = x.xp
    safe = chainer.functions.where(
        utils.force_array(x.array > 1e-10), x, xp.ones_like(x.array))
    return ModifiedXLogX(chainer.functions.log(safe)).apply((x,))[0]


def _as_param(x):
    """Returns a distribution parameter as a Variable (arrays are wrapped)."""
    if isinstance(x, chainer.Variable):
        return x
    if numpy.isscalar(x):
        x = numpy.asarray(x, dtype=numpy.float32)
    return chainer.as_variable(x)


def _broadcast_params(*params):
    """Broadcasts parameters (Variables) to their common shape."""
    shapes = [p.shape for p in params]
    if all(s == shapes[0] for s in shapes):
        return params
    return tuple(chainer.functions.broadcast(*params))


def _random(xp, dtype, array):
    """Casts a sample array drawn by ``xp.random`` to ``dtype``."""
    return xp.asarray(array).astype(dtype, copy=False)


def _array(x):
    """The array of a Variable, or ``x`` itself."""
    return x.array if isinstance(x, chainer.Variable) else x


def _fill_where(cond, var, fill_value):
    """Returns ``var`` where ``cond`` (an array) holds and ``fill_value`` elsewhere."""
    xp = var.xp
    cond = xp.broadcast_to(xp.asarray(cond), var.shape)
    return chainer.functions.where(cond, var, xp.full(var.shape, fill_value, var.dtype))
