"""Per-row standardization shared by layer and group normalization.

The input is viewed as ``(outer..., R)``; each row of ``R`` values is centered and divided by
its standard deviation ``sqrt(var + eps)``. The affine part (``gamma``, ``beta``) is applied
by the callers on the original layout. Statistics are computed at least in float32.
"""
import numpy

import chainer
from chainer import backend


def compute_dtype(dtype):
    """The dtype the statistics are computed in."""
    return numpy.promote_types(dtype, numpy.float32)


def _row_sum_prod(a, b):
    if type(a) is numpy.ndarray:
        return numpy.einsum('...i,...i->...', a, b)[..., None]
    return (a * b).sum(axis=-1, keepdims=True)


def forward(xr, eps):
    """Returns ``x_hat, mean, inv_std`` for rows along the last axis of ``xr``."""
    xp = backend.get_array_module(xr)
    dtype = compute_dtype(xr.dtype)
    n = max(xr.shape[-1], 1)
    mean = xr.mean(axis=-1, dtype=dtype, keepdims=True)
    x_hat = xp.subtract(xr, mean, dtype=dtype)
    var = _row_sum_prod(x_hat, x_hat)
    var /= n
    var += dtype.type(eps)
    inv_std = xp.sqrt(var, out=var)
    xp.reciprocal(inv_std, out=inv_std)
    x_hat *= inv_std
    return x_hat, mean, inv_std


def x_hat_from(xr, mean, inv_std):
    """Recomputes ``x_hat`` from the input rows and the saved statistics."""
    xp = backend.get_array_module(xr)
    x_hat = xp.subtract(xr, mean, dtype=mean.dtype)
    x_hat *= inv_std
    return x_hat


def backward(g, x_hat, inv_std):
    """Gradient of the rows w.r.t. the input given ``g = gy * gamma`` (rows layout)."""
    n = max(g.shape[-1], 1)
    dtype = x_hat.dtype
    inv_n = dtype.type(1. / n)
    a = g.sum(axis=-1, dtype=dtype, keepdims=True)
    a *= inv_n
    b = _row_sum_prod(g, x_hat) if g.dtype == dtype else _row_sum_prod(g.astype(dtype), x_hat)
    b *= inv_n
    gx = x_hat * b
    gx += a
    xp = backend.get_array_module(g)
    xp.subtract(g, gx, out=gx, dtype=dtype)
    gx *= inv_std
    return gx


def backward_variables(xr, g, eps):
    """Differentiable gradient of the rows w.r.t. ``xr`` (Variables) given ``g``.

    The statistics are recomputed from ``xr`` with differentiable functions, so higher-order
    gradients are exact.
    """
    F = chainer.functions
    mean = F.mean(xr, axis=-1, keepdims=True)
    xc = xr - mean
    var = F.mean(xc * xc, axis=-1, keepdims=True)
    inv_std = F.rsqrt(var + xr.dtype.type(eps))
    x_hat = xc * inv_std
    gx = inv_std * (g - F.mean(g, axis=-1, keepdims=True)
                    - x_hat * F.mean(g * x_hat, axis=-1, keepdims=True))
    return gx, x_hat
