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


def statistics(xr, eps):
    """``x_hat, inv_std`` of the rows of the Variable ``xr``, computed with differentiable
    functions (so that higher-order gradients are exact)."""
    F = chainer.functions
    mean = F.mean(xr, axis=-1, keepdims=True)
    xc = xr - mean
    var = F.mean(xc * xc, axis=-1, keepdims=True)
    inv_std = F.rsqrt(var + xr.dtype.type(eps))
    return xc * inv_std, inv_std


def _row_mean(x, ops):
    if ops.differentiable:
        return chainer.functions.mean(x, axis=-1, keepdims=True)
    return x.mean(axis=-1, dtype=compute_dtype(x.dtype), keepdims=True)


def rows_backward(g, x_hat, inv_std, ops):
    """The gradient w.r.t. the input rows given ``g``, the gradient w.r.t. ``x_hat``:
    ``inv_std * (g - mean(g) - x_hat * mean(g * x_hat))`` (means along each row); on
    Variables or arrays (``ops``, see ``functions._helpers.grad_ops``)."""
    return inv_std * (g - _row_mean(g, ops) - x_hat * _row_mean(g * x_hat, ops))
