"""Window bookkeeping shared by max pooling, upsampling and unpooling (raw arrays).

``indexes`` arrays have shape ``(N, C, o_1, ..., o_n)`` and hold, for every output location,
the flat position inside its ``k_1 x ... x k_n`` window (as returned by ``max_pooling_nd``
with ``return_indices=True``).
"""
import numpy

from chainer import backend
from chainer.functions._helpers import convolution as _conv
from chainer.utils import conv as _conv_utils


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


def _window_views(x, ksize, stride, pad, cover_all, pval):
    # One strided (N, C, o...) view of the (padded) x per window position, in flat order.
    nd = len(ksize)
    outs = _conv.conv_outsize(x.shape[2:], ksize, stride, pad, cover_all)
    view = _conv_utils._patches_view(
        numpy, x, tuple(ksize), tuple(stride), tuple(pad), pval, (1,) * nd, outs)
    colon = (slice(None), slice(None))
    return [view[colon + kxs] for kxs in numpy.ndindex(*ksize)]


def _max_with_indexes_cpu(x, ksize, stride, pad, cover_all):
    # Elementwise maxima over the window positions (no patch array, no argmax over tiny rows),
    # then the first position equal to the maximum (as argmax picks), found with a few passes
    # of cheap compares and integer arithmetic (masked assignments are slow on the CPU).
    views = _window_views(x, ksize, stride, pad, cover_all, -float('inf'))
    kp = len(views)
    if kp == 1:
        return views[0].copy(), numpy.zeros(views[0].shape, dtype=numpy.intp)
    y = numpy.maximum(views[0], views[1])
    for v in views[2:]:
        numpy.maximum(y, v, out=y)
    work = numpy.uint8 if kp <= 255 else numpy.intp
    idx = numpy.full(y.shape, kp - 1, dtype=work)
    eq = numpy.empty(y.shape, dtype=bool)
    step = numpy.empty(y.shape, dtype=work)
    for j in range(kp - 2, -1, -1):
        # idx > j here: idx = j where views[j] == y
        numpy.equal(views[j], y, out=eq)
        numpy.subtract(idx, work(j), out=step)
        step *= eq
        idx -= step
    return y, idx.astype(numpy.intp, copy=False)


def max_with_indexes(x, ksize, stride, pad, cover_all):
    """Max pooling of ``x``: returns ``(y, indexes)``."""
    if isinstance(x, numpy.ndarray):
        return _max_with_indexes_cpu(x, ksize, stride, pad, cover_all)
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


def _scatter_cpu(values, indexes, ksize, stride, pad, dims):
    # One strided view of the image per window position receives the values whose index
    # selects that position (a multiplication by the 0/1 mask: masked assignments are slow).
    n, c = values.shape[:2]
    outs = values.shape[2:]
    size = tuple(max(d + 2 * p, (o - 1) * s + k)
                 for d, p, s, k, o in zip(dims, pad, stride, ksize, outs))
    overlap = any(s < k for s, k in zip(stride, ksize))
    img = numpy.zeros((n, c) + size, dtype=values.dtype)
    colon = (slice(None), slice(None))
    eq = numpy.empty(indexes.shape, dtype=bool)
    # (the maxima of windows lying in the padding are -inf, and -inf * 0 gives NaNs in the
    # padding only, which is cut off below: no warning)
    with numpy.errstate(invalid='ignore'):
        for j, kxs in enumerate(numpy.ndindex(*ksize)):
            dst = img[colon + tuple(slice(kx, kx + s * (o - 1) + 1, s)
                                    for kx, s, o in zip(kxs, stride, outs))]
            numpy.equal(indexes, j, out=eq)
            if overlap:
                dst += values * eq
            else:
                numpy.multiply(values, eq, out=dst)
    if size != tuple(dims):
        img = img[colon + tuple(slice(p, p + d) for p, d in zip(pad, dims))]
    return img


def scatter(values, indexes, ksize, stride, pad, dims):
    """Adjoint of :func:`gather`: puts ``values`` at the window positions ``indexes`` of an
    image of spatial shape ``dims`` (summing where windows overlap)."""
    if isinstance(values, numpy.ndarray):
        return _scatter_cpu(values, indexes, ksize, stride, pad, tuple(dims))
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
