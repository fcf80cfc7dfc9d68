"""Window bookkeeping shared by max pooling, upsampling and unpooling (raw arrays).

``indexes`` arrays have shape ``(N, C, o_1, ..., o_n)`` and hold, for every output location,
the flat position inside its ``k_1 x ... x k_n`` window (as returned by ``max_pooling_nd``
with ``return_indices=True``).
"""
import numpy

from chainer import backend
from chainer.functions._helpers import convolution as _conv


def _prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def _flat_col(x, ksize, stride, pad, cover_all, pval=0):
    # (N, C, k..., o...) -> (N, C, prod(k), o...)
    col = _conv.im2col(x, ksize, stride, pad, cover_all=cover_all, pval=pval)
    nd = len(ksize)
    return col.reshape(col.shape[:2] + (_prod(ksize),) + col.shape[2 + nd:])


def max_with_indexes(x, ksize, stride, pad, cover_all):
    """Max pooling of ``x``: returns ``(y, indexes)``."""
    xp = backend.get_array_module(x)
    col = _flat_col(x, ksize, stride, pad, cover_all, pval=-float('inf'))
    indexes = col.argmax(axis=2)
    y = xp.take_along_axis(col, indexes[:, :, None], axis=2)[:, :, 0]
    return y, indexes


def gather(x, indexes, ksize, stride, pad, cover_all):
    """Picks, for every window of ``x``, the element at ``indexes`` (shape of ``indexes``)."""
    xp = backend.get_array_module(x)
    col = _flat_col(x, ksize, stride, pad, cover_all)
    return xp.take_along_axis(col, indexes[:, :, None], axis=2)[:, :, 0]


def scatter(values, indexes, ksize, stride, pad, dims):
    """Adjoint of :func:`gather`: puts ``values`` at the window positions ``indexes`` of an
    image of spatial shape ``dims`` (summing where windows overlap)."""
    xp = backend.get_array_module(values)
    nd = len(ksize)
    n, c = values.shape[:2]
    out = values.shape[2:]
    kp = _prod(ksize)
    # window position last, so that one fancy-indexed assignment fills it
    col = xp.zeros((values.size, kp), dtype=values.dtype)
    col[xp.arange(values.size), indexes.ravel()] = values.ravel()
    col = col.reshape((n, c) + tuple(out) + tuple(ksize))
    col = col.transpose((0, 1) + tuple(range(2 + nd, 2 + 2 * nd)) + tuple(range(2, 2 + nd)))
    return _conv.col2im(col, stride, pad, dims)


def window_sum(x, ksize, stride, pad, cover_all=False):
    """Sum of every window of ``x`` (zero padding)."""
    col = _conv.im2col(x, ksize, stride, pad, cover_all=cover_all)
    nd = len(ksize)
    dtype = numpy.float32 if x.dtype == numpy.float16 else x.dtype
    return col.sum(axis=tuple(range(2, 2 + nd)), dtype=dtype).astype(x.dtype, copy=False)


def spread(y, ksize, stride, pad, dims):
    """Adjoint of :func:`window_sum`: adds every value of ``y`` to all pixels of its window."""
    nd = len(ksize)
    n, c = y.shape[:2]
    out = y.shape[2:]
    xp = backend.get_array_module(y)
    col = xp.broadcast_to(
        y.reshape((n, c) + (1,) * nd + out), (n, c) + tuple(ksize) + out)
    return _conv.col2im(col, stride, pad, dims)
