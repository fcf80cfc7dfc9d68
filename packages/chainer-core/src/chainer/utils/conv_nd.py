"""N-dimensional im2col and col2im (``chainer.utils.conv_nd``).

The patch array of an image batch ``(n, c, d_1, ..., d_N)`` has the shape
``(n, c, k_1, ..., k_N, out_1, ..., out_N)``; see :mod:`chainer.utils.conv`.
"""
import numpy

from chainer.backends import cuda
from chainer.utils import conv
from chainer.utils.conv import get_conv_outsize  # noqa: F401 (v7 exposes it here too)


def as_tuple(x, n):
    """Returns ``x`` as an ``n``-tuple (a scalar is repeated ``n`` times)."""
    if hasattr(x, '__getitem__'):
        assert len(x) == n
        return tuple(x)
    return (x,) * n


def _outsizes(dims, ksize, stride, pad, cover_all, dilate):
    outs = tuple(conv.get_conv_outsize(d, k, s, p, cover_all, di)
                 for d, k, s, p, di in zip(dims, ksize, stride, pad, dilate))
    assert all(out > 0 for out in outs), 'Output sizes should be positive.'
    return outs


def _im2col_nd(xp, img, ksize, stride, pad, pval, cover_all, dilate):
    dims = img.shape[2:]
    ndim = len(dims)
    dilate = as_tuple(dilate, ndim)
    assert ndim == len(ksize) == len(stride) == len(pad)
    outs = _outsizes(dims, ksize, stride, pad, cover_all, dilate)
    return conv._strided_patches(xp, img, tuple(ksize), tuple(stride), tuple(pad), pval,
                                 dilate, outs)


def im2col_nd_cpu(img, ksize, stride, pad, pval=0, cover_all=False, dilate=1):
    """Extracts the N-d convolution patches of a NumPy image batch.

    Args:
        img (numpy.ndarray): Images of shape ``(n, c, d_1, ..., d_N)``.
        ksize (tuple of int): Kernel size per spatial axis.
        stride (tuple of int): Strides.
        pad (tuple of int): Paddings.
        pval: Value of the padded pixels.
        cover_all (bool): See :func:`chainer.utils.conv.get_conv_outsize`.
        dilate (int or tuple of int): Dilations.

    Returns:
        numpy.ndarray: A new array of shape ``(n, c, k_1, ..., k_N, out_1, ..., out_N)``.
    """
    return _im2col_nd(numpy, img, ksize, stride, pad, pval, cover_all, dilate)


def im2col_nd_gpu(img, ksize, stride, pad, cover_all=False, dilate=1, pval=0):
    """Extracts the N-d convolution patches of a CuPy image batch (see :func:`im2col_nd_cpu`)."""
    return _im2col_nd(cuda.cupy, img, ksize, stride, pad, pval, cover_all, dilate)


def im2col_nd(img, ksize, stride, pad, cover_all=False, dilate=1, pval=0):
    """Extracts the N-d convolution patches of a NumPy or CuPy image batch."""
    if isinstance(img, numpy.ndarray):
        return im2col_nd_cpu(img, ksize, stride, pad, pval=pval, cover_all=cover_all,
                             dilate=dilate)
    return im2col_nd_gpu(img, ksize, stride, pad, cover_all=cover_all, dilate=dilate,
                         pval=pval)


def _col2im_nd(xp, col, stride, pad, dims, dilate):
    ndim = len(dims)
    dilate = as_tuple(dilate, ndim)
    assert col.ndim == 2 + 2 * ndim
    assert len(stride) == len(pad) == ndim
    return conv._scatter_patches(xp, col, tuple(stride), tuple(pad), tuple(dims), dilate)


def col2im_nd_cpu(col, stride, pad, dims, dilate=1):
    """Sums a NumPy N-d patch array back into an image batch (adjoint of im2col_nd_cpu).

    Args:
        col (numpy.ndarray): Patches of shape ``(n, c, k_1, ..., k_N, out_1, ..., out_N)``.
        stride (tuple of int): Strides.
        pad (tuple of int): Paddings.
        dims (tuple of int): Spatial sizes of the image.
        dilate (int or tuple of int): Dilations.

    Returns:
        numpy.ndarray: Images of shape ``(n, c) + dims``.
    """
    return _col2im_nd(numpy, col, stride, pad, dims, dilate)


def col2im_nd_gpu(col, stride, pad, dims, dilate=1):
    """Sums a CuPy N-d patch array back into an image batch (see :func:`col2im_nd_cpu`)."""
    return _col2im_nd(cuda.cupy, col, stride, pad, dims, dilate)


def col2im_nd(col, stride, pad, dims, dilate=1):
    """Sums a NumPy or CuPy N-d patch array back into an image batch."""
    if isinstance(col, numpy.ndarray):
        return col2im_nd_cpu(col, stride, pad, dims, dilate)
    return col2im_nd_gpu(col, stride, pad, dims, dilate)
