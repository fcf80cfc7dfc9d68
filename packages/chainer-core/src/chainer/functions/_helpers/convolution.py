"""im2col/col2im + GEMM kernels shared by the convolution, deconvolution and pooling functions.

Every function here works on raw arrays (NumPy or CuPy) of any number of spatial dimensions.
Layout convention: ``x`` is ``(N, C, d_1, ..., d_n)``, a column buffer is
``(N, C, k_1, ..., k_n, o_1, ..., o_n)``.

The convolution GEMMs use ONE matrix product per group: the column buffer is copied once into a
contiguous ``(G, C/G * prod(k), N * prod(o))`` matrix so that BLAS gets the largest operands.
"""
from chainer import backend
from chainer.utils import conv
from chainer.utils import conv_nd


def as_tuple(value, ndim):
    """Expands an int (or a sequence of length ``ndim``) into a tuple of ``ndim`` ints."""
    if isinstance(value, (tuple, list)):
        if len(value) != ndim:
            raise ValueError(
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


def _gemm_col(x, ksize, stride, pad, dilate, cover_all, groups):
    # (N, C, k..., o...) -> contiguous (G, C/G * prod(k), N * prod(o)); also returns o.
    xp = backend.get_array_module(x)
    nd = len(ksize)
    col = im2col(x, ksize, stride, pad, dilate, cover_all)
    n, c = col.shape[:2]
    out = col.shape[2 + nd:]
    order = (1,) + tuple(range(2, 2 + nd)) + (0,) + tuple(range(2 + nd, 2 + 2 * nd))
    col = xp.ascontiguousarray(col.transpose(order))
    kprod = 1
    for k in ksize:
        kprod *= k
    return col.reshape(groups, c // groups * kprod, -1), out


def _gemm_gy(gy, groups):
    # (N, Co, o...) -> contiguous (G, Co/G, N * prod(o))
    xp = backend.get_array_module(gy)
    gy = xp.ascontiguousarray(xp.swapaxes(gy, 0, 1))
    return gy.reshape(groups, gy.shape[0] // groups, -1)


def conv_forward(x, W, b, stride, pad, dilate, groups, cover_all):
    """N-D convolution ``y = W * x (+ b)`` of raw arrays; the result has ``x.dtype``."""
    xp = backend.get_array_module(x)
    co = W.shape[0]
    ksize = W.shape[2:]
    col, out = _gemm_col(x, ksize, stride, pad, dilate, cover_all, groups)
    w = W.reshape(groups, co // groups, -1)
    y = xp.matmul(w, col)                            # (G, Co/G, N * prod(o))
    y = y.reshape((co, x.shape[0]) + tuple(out))
    if b is not None:
        y += b.reshape((co, 1) + (1,) * len(out))
    y = xp.ascontiguousarray(xp.swapaxes(y, 0, 1))
    return y.astype(x.dtype, copy=False)


def conv_grad_w(x, gy, ksize, stride, pad, dilate, groups, cover_all, dtype):
    """Gradient of a convolution w.r.t. its filter: ``(Co, C/G, k...)`` of ``dtype``."""
    xp = backend.get_array_module(x)
    col, _ = _gemm_col(x, ksize, stride, pad, dilate, cover_all, groups)
    co = gy.shape[1]
    # gy as (G, N * prod(o), Co/G): the product col @ gy keeps the long axis inside BLAS.
    order = (0,) + tuple(range(2, gy.ndim)) + (1,)
    g = xp.ascontiguousarray(gy.transpose(order)).reshape(-1, groups, co // groups)
    gw = xp.matmul(col, g.transpose(1, 0, 2))        # (G, C/G * prod(k), Co/G)
    gw = gw.transpose(0, 2, 1).reshape((co, x.shape[1] // groups) + tuple(ksize))
    return gw.astype(dtype, copy=False)


def conv_grad_x(gy, W, dims, stride, pad, dilate, groups):
    """Transposed convolution: gradient of a convolution w.r.t. its input, of shape
    ``(N, C, *dims)`` where ``C = W.shape[1] * groups``; the result has ``gy.dtype``."""
    xp = backend.get_array_module(gy)
    nd = len(dims)
    co = W.shape[0]
    cg = W.shape[1]
    ksize = W.shape[2:]
    n = gy.shape[0]
    out = gy.shape[2:]
    g = _gemm_gy(gy, groups)
    w = W.reshape(groups, co // groups, -1)
    gcol = xp.matmul(w.transpose(0, 2, 1), g)        # (G, C/G * prod(k), N * prod(o))
    gcol = gcol.reshape((cg * groups,) + tuple(ksize) + (n,) + tuple(out))
    order = (1 + nd, 0) + tuple(range(1, 1 + nd)) + tuple(range(2 + nd, 2 + 2 * nd))
    gcol = gcol.transpose(order)
    if gcol.dtype != gy.dtype:
        gcol = gcol.astype(gy.dtype)
    return col2im(gcol, stride, pad, dims, dilate)


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
