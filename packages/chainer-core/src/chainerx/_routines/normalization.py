"""Batch normalization (training, updating running statistics) and its fixed variant.

Both are compositions of differentiable routines, so they support double backprop. ``axis``
(the reduced axes) defaults to every axis but 1; ``gamma``/``beta``/the statistics have the
shape of ``x`` without those axes (or with them kept as size one).
"""
from chainerx import _errors
from chainerx._routines import _core
from chainerx._routines import arithmetic
from chainerx._routines import manipulation
from chainerx._routines import math
from chainerx._routines import reduction


def _axes(x, gamma, axis):
    if axis is None:
        return (0,) + tuple(range(gamma.ndim + 1, x.ndim)) if gamma.ndim < x.ndim \
            else (0,) + tuple(range(2, x.ndim))
    return _core.normalize_axes(axis, x.ndim)


def _kept(a, x, axes, name):
    kept_shape = tuple(1 if i in axes else s for i, s in enumerate(x.shape))
    if a.shape == kept_shape:
        return a
    if a.shape != tuple(s for i, s in enumerate(x.shape) if i not in axes):
        raise _errors.DimensionError('{} of shape {} does not match x of shape {} reduced '
                                     'over {}'.format(name, a.shape, x.shape, axes))
    return manipulation.reshape(a, kept_shape)


def batch_norm(x, gamma, beta, running_mean, running_var, eps=2e-5, decay=0.9, axis=None):
    """Batch normalization with the batch statistics; updates the running statistics.

    ``running_mean`` and ``running_var`` are updated in place as
    ``decay * old + (1 - decay) * new`` (the variance unbiased).

    Args:
        x (~chainerx.ndarray): Input.
        gamma, beta (~chainerx.ndarray): Scale and shift.
        running_mean, running_var (~chainerx.ndarray): Running statistics (or None).
        eps (float): Added to the variance.
        decay (float): Decay rate of the running statistics.
        axis (int or tuple of ints): Reduced axes (all but axis 1 when None).
    """
    for name, a in (('x', x), ('gamma', gamma), ('beta', beta)):
        _core.check_array(a, name)
    _core.check_float(x, 'batch_norm')
    axes = _axes(x, gamma, axis)
    g = _kept(gamma, x, axes, 'gamma')
    b = _kept(beta, x, axes, 'beta')
    mean = reduction.mean(x, axes, True)
    diff = arithmetic.subtract(x, mean)
    var = reduction.mean(math.square(diff), axes, True)
    inv_std = arithmetic.divide(1, math.sqrt(arithmetic.add(var, x.dtype.type(eps))))
    y = arithmetic.add(arithmetic.multiply(arithmetic.multiply(diff, inv_std), g), b)
    m = x.size // max(gamma.size, 1)
    adjust = m / max(m - 1.0, 1.0)
    for running, stat, unbias in ((running_mean, mean, 1.0), (running_var, var, adjust)):
        if running is None:
            continue
        _core.check_array(running, 'running statistics')
        new = stat.as_grad_stopped()._data.reshape(running.shape)
        data = running._data
        data *= decay
        data += (1 - decay) * unbias * new.astype(data.dtype, copy=False)
    return y


def fixed_batch_norm(x, gamma, beta, mean, var, eps=2e-5, axis=None):
    """Batch normalization with the given statistics (differentiable w.r.t. all inputs)."""
    for name, a in (('x', x), ('gamma', gamma), ('beta', beta), ('mean', mean), ('var', var)):
        _core.check_array(a, name)
    _core.check_float(x, 'fixed_batch_norm')
    axes = _axes(x, gamma, axis)
    g = _kept(gamma, x, axes, 'gamma')
    b = _kept(beta, x, axes, 'beta')
    mu = _kept(mean, x, axes, 'mean')
    v = _kept(var, x, axes, 'var')
    inv_std = arithmetic.divide(1, math.sqrt(arithmetic.add(v, x.dtype.type(eps))))
    return arithmetic.add(
        arithmetic.multiply(arithmetic.multiply(arithmetic.subtract(x, mu), inv_std), g), b)
