"""im2col/col2im + GEMM kernels shared by the convolution, deconvolution and pooling functions.

Every function here works on raw arrays (NumPy or CuPy) of any number of spatial dimensions.
Layout convention: ``x`` is ``(N, C, d_1, ..., d_n)``, a column buffer is
``(N, C, k_1, ..., k_n, o_1, ..., o_n)``.

The convolution GEMMs use ONE matrix product per group on a contiguous
``(G, C/G * prod(k), N * prod(o))`` patch matrix (:func:`gemm_col`), so that BLAS gets the largest
operands; on the CPU that matrix is made by a single copy of a strided view of the image, and
the data gradient is summed back from the same layout without transposing the patches.
"""
import numpy

from chainer import backend
from chainer.utils import conv
from chainer.utils import conv_nd


class TupleLengthError(ValueError, AssertionError):
    """A per-axis argument of the wrong length (v7 raised ``ValueError`` from its 2-d
    functions and ``AssertionError`` from its N-d ones: this error is both)."""


def as_tuple(value, ndim):
    """Expands an int (or a sequence of length ``ndim``) into a tuple of ``ndim`` ints."""
    if isinstance(value, (tuple, list)):
        if len(value) != ndim:
            raise TupleLengthError(
                'the length of the tuple must be {} (got {})'.format(ndim, len(value)))
        return tuple(int(v) for v in value)
    return (int(value),) * ndim


def conv_outsize(dims, ksize, stride, pad, cover_all=False, dilate=None):
    """Output spatial shape of a convolution/pooling (``get_conv_outsize`` per axis)."""
    if dilate is None:
        dilate = (1,) * len(dims)
    return tuple(
        conv.get_conv_outsize(d, k, s, p, cover_all=cover_all, d=dl)
        for d, k, s, p, dl in zip(dims, ksize, stride, pad, dilate))


def deconv_outsize(dims, ksize, stride, pad, cover_all=False, dilate=None):
    """Output spatial shape of a transposed convolution (``get_deconv_outsize`` per axis)."""
    if dilate is None:
        dilate = (1,) * len(dims)
    return tuple(
        conv.get_deconv_outsize(d, k, s, p, cover_all=cover_all, d=dl)
        for d, k, s, p, dl in zip(dims, ksize, stride, pad, dilate))


def im2col(x, ksize, stride, pad, dilate=None, cover_all=False, pval=0):
    """Returns the column buffer ``(N, C, k..., o...)`` of ``x`` (NumPy or CuPy)."""
    nd = len(ksize)
    if dilate is None:
        dilate = (1,) * nd
    if nd == 2:
        return conv.im2col(
            x, ksize[0], ksize[1], stride[0], stride[1], pad[0], pad[1], pval=pval,
            cover_all=cover_all, dy=dilate[0], dx=dilate[1])
    return conv_nd.im2col_nd(
        x, ksize, stride, pad, cover_all=cover_all, dilate=dilate, pval=pval)


def col2im(col, stride, pad, dims, dilate=None):
    """Sums a column buffer ``(N, C, k..., o...)`` back into an image of spatial shape ``dims``."""
    nd = len(dims)
    if dilate is None:
        dilate = (1,) * nd
    if nd == 2:
        return conv.col2im(
            col, stride[0], stride[1], pad[0], pad[1], dims[0], dims[1],
            dy=dilate[0], dx=dilate[1])
    return conv_nd.col2im_nd(col, stride, pad, dims, dilate=dilate)


def _prod(values):
    p = 1
    for v in values:
        p *= v
    return p


def gemm_col(x, ksize, stride, pad, dilate=None, cover_all=False, groups=1):
    """Returns the patch matrix of ``x`` for the convolution GEMMs and the output shape ``o``.

    The matrix is a C-contiguous ``(G, C/G * prod(k), N * prod(o))`` array (rows ordered
    ``(c, k...)``, columns ``(n, o...)``); on the CPU it is made by ONE copy of a strided view
    of the (padded) image. It is only read by the GEMMs: it may alias ``x``.
    """
    xp = backend.get_array_module(x)
    nd = len(ksize)
    if dilate is None:
        dilate = (1,) * nd
    n, c = x.shape[:2]
    order = (1,) + tuple(range(2, 2 + nd)) + (0,) + tuple(range(2 + nd, 2 + 2 * nd))
    if xp is numpy:
        out = conv_outsize(x.shape[2:], ksize, stride, pad, cover_all, dilate)
        assert all(o > 0 for o in out), 'Output sizes should be positive.'
        view = conv._patches_view(
            numpy, x, tuple(ksize), tuple(stride), tuple(pad), 0, tuple(dilate), out)
        col = numpy.ascontiguousarray(view.transpose(order))
    else:
        col = im2col(x, ksize, stride, pad, dilate, cover_all)
        out = col.shape[2 + nd:]
        col = xp.ascontiguousarray(col.transpose(order))
    return col.reshape(groups, c // groups * _prod(ksize), n * _prod(out)), tuple(out)


def _gemm_gy(gy, groups):
    # (N, Co, o...) -> contiguous (G, Co/G, N * prod(o))
    xp = backend.get_array_module(gy)
    n = gy.shape[0]
    gy = xp.ascontiguousarray(xp.swapaxes(gy, 0, 1))
    return gy.reshape(groups, gy.shape[0] // groups, n * _prod(gy.shape[2:]))


def _matmul(a, b):
    # (G, m, k) @ (G, k, n): a plain 2-D product when there is one group
    if a.shape[0] == 1:
        return a[0].dot(b[0])[None]
    return backend.get_array_module(a).matmul(a, b)


def conv_forward(x, W, b, stride, pad, dilate, groups, cover_all, return_col=False):
    """N-D convolution ``y = W * x (+ b)`` of raw arrays; the result has ``x.dtype``.

    With ``return_col``, returns ``(y, col)`` where ``col`` is the patch matrix of
    :func:`gemm_col` (to be reused by :func:`conv_grad_w`).
    """
    xp = backend.get_array_module(x)
    co = W.shape[0]
    ksize = W.shape[2:]
    col, out = gemm_col(x, ksize, stride, pad, dilate, cover_all, groups)
    y = _matmul(W.reshape(groups, co // groups, -1), col)    # (G, Co/G, N * prod(o))
    y = xp.swapaxes(y.reshape((co, x.shape[0]) + out), 0, 1)
    dst = xp.empty(y.shape, dtype=x.dtype)                     # one pass to NC(o...) layout
    if b is not None:
        xp.add(y, b.reshape((co,) + (1,) * len(out)), out=dst, casting='unsafe')
    else:
        dst[...] = y
    return (dst, col) if return_col else dst


def _grad_w_from_col(col, gy, ksize, groups, c_per_group, dtype):
    xp = backend.get_array_module(gy)
    co = gy.shape[1]
    # gy as (G, N * prod(o), Co/G): the product col @ gy keeps the long axis inside BLAS.
    order = (0,) + tuple(range(2, gy.ndim)) + (1,)
    g = xp.ascontiguousarray(gy.transpose(order)).reshape(
        gy.size // max(co, 1), groups, co // groups)
    gw = _matmul(col, g.transpose(1, 0, 2))                    # (G, C/G * prod(k), Co/G)
    gw = gw.transpose(0, 2, 1).reshape((co, c_per_group) + tuple(ksize))
    return gw.astype(dtype, copy=False)


def conv_grad_w(x, gy, ksize, stride, pad, dilate, groups, cover_all, dtype, col=None):
    """Gradient of a convolution w.r.t. its filter: ``(Co, C/G, k...)`` of ``dtype``.

    ``col`` is the patch matrix of ``x`` (:func:`gemm_col`) when the caller kept it.
    """
    if col is None:
        col, _ = gemm_col(x, ksize, stride, pad, dilate, cover_all, groups)
    return _grad_w_from_col(col, gy, ksize, groups, x.shape[1] // groups, dtype)


def conv_grad_x(gy, W, dims, stride, pad, dilate, groups):
    """Transposed convolution: gradient of a convolution w.r.t. its input, of shape
    ``(N, C, *dims)`` where ``C = W.shape[1] * groups``; the result has ``gy.dtype``."""
    xp = backend.get_array_module(gy)
    nd = len(dims)
    if dilate is None:
        dilate = (1,) * nd
    co = W.shape[0]
    cg = W.shape[1]
    ksize = W.shape[2:]
    n = gy.shape[0]
    out = gy.shape[2:]
    g = _gemm_gy(gy, groups)
    w = W.reshape(groups, co // groups, -1)
    gcol = _matmul(w.transpose(0, 2, 1), g)                   # (G, C/G * prod(k), N * prod(o))
    if gcol.dtype != gy.dtype:
        gcol = gcol.astype(gy.dtype)
    gcol = gcol.reshape((cg * groups,) + tuple(ksize) + (n,) + tuple(out))
    if xp is numpy:
        return conv._scatter_patches_gemm(
            numpy, gcol, tuple(stride), tuple(pad), tuple(dims), tuple(dilate))
    order = (1 + nd, 0) + tuple(range(1, 1 + nd)) + tuple(range(2 + nd, 2 + 2 * nd))
    return col2im(gcol.transpose(order), stride, pad, dims, dilate)


def check_groups(channels, groups, what):
    """Raises ``TypeError`` (as v7's N-d functions) unless ``groups`` divides ``channels``."""
    if channels % groups:
        raise TypeError(
            'The number of groups must be a divisor of that of {} channels (got {} channels, '
            '{} groups)'.format(what, channels, groups))


def check_size(actual, expected, what):
    """Raises ``ValueError`` (v7's error there) when a channel count does not match."""
    if actual != expected:
        raise ValueError('{}: expected {}, got {}'.format(what, expected, actual))


def check_spatial_ndim(x, ndim):
    """Raises ``ValueError`` unless ``x`` has exactly ``ndim`` axes after the channel axis."""
    actual = len(x.shape[2:])
    if actual != ndim:
        raise ValueError(
            "The number of dimensions under channel dimension of the input 'x' should be "
            '{}. But the actual ndim was {}.'.format(ndim, actual))


class Params2D:
    """Mixin exposing the v7 2-D attribute names (``sy``, ``sx``, ``ph``, ``pw``, ...) of a node
    that stores per-axis tuples ``stride``, ``pad`` and optionally ``dilate`` / ``ksize``."""

    sy = property(lambda self: self.stride[0])
    sx = property(lambda self: self.stride[1])
    ph = property(lambda self: self.pad[0])
    pw = property(lambda self: self.pad[1])
    dy = property(lambda self: self.dilate[0])
    dx = property(lambda self: self.dilate[1])
    kh = property(lambda self: self.ksize[0])
    kw = property(lambda self: self.ksize[1])
