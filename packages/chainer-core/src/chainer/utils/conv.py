"""Convolution helpers: output sizes, im2col and col2im (``chainer.utils.conv``).

``im2col`` turns an image batch ``(n, c, h, w)`` into the patch array
``(n, c, kh, kw, out_h, out_w)`` whose ``[:, :, j, i, y, x]`` entry is the input pixel seen by
kernel position ``(j, i)`` at output position ``(y, x)``; a convolution is then one tensor
contraction (GEMM) with the filter. ``col2im`` is its adjoint: it scatter-adds a patch array
back into an image. On the CPU, im2col copies one strided view of the padded image (no Python
loop over pixels) and col2im loops over the kernel positions only.
"""
import numpy

from chainer.backends import cuda


def get_conv_outsize(size, k, s, p, cover_all=False, d=1):
    """Calculates the output size of a convolution along one dimension.

    Args:
        size (int): Input size.
        k (int): Kernel size.
        s (int): Stride.
        p (int): Padding (on each side).
        cover_all (bool): If ``True``, the output covers all the input pixels (an extra output
            position is added where the last window would not fit).
        d (int): Dilation.

    Returns:
        int: ``(size + 2p - dk) // s + 1`` (``(size + 2p - dk + s - 1) // s + 1`` with
        ``cover_all``), where ``dk = k + (k - 1)(d - 1)`` is the dilated kernel size.

    .. admonition:: Example

        >>> chainer.utils.get_conv_outsize(32, 3, 1, 1)  # size, kernel, stride, pad
        32
        >>> chainer.utils.get_conv_outsize(7, 2, 2, 0)
        3
        >>> chainer.utils.get_conv_outsize(7, 2, 2, 0, cover_all=True)
        4
    """
    dk = k + (k - 1) * (d - 1)
    if cover_all:
        return (size + p * 2 - dk + s - 1) // s + 1
    return (size + p * 2 - dk) // s + 1


def get_deconv_outsize(size, k, s, p, cover_all=False, d=1):
    """Calculates the output size of a deconvolution (transposed convolution) along one axis.

    The inverse of :func:`get_conv_outsize`: ``s(size - 1) + dk - 2p`` (``s(size - 1) + dk - s
    + 1 - 2p`` with ``cover_all``), where ``dk = (k - 1)d + 1``.

    .. admonition:: Example

        >>> chainer.utils.get_deconv_outsize(16, 4, 2, 1)  # size, kernel, stride, pad
        32
        >>> chainer.utils.get_deconv_outsize(16, 3, 2, 1)
        31
    """
    dk = (k - 1) * d + 1
    if cover_all:
        return s * (size - 1) + dk - s + 1 - 2 * p
    return s * (size - 1) + dk - 2 * p


def _patches_view(xp, img, ksize, stride, pad, pval, dilate, outs):
    """Returns the patches of ``img`` as one strided view (no copy of the patches).

    ``img`` is ``(n, c, d_1, ..., d_N)``; the result is a view of shape
    ``(n, c, k_1, ..., k_N, out_1, ..., out_N)`` of ``img`` (or of a padded copy of it when
    padding is needed). The view aliases overlapping memory: read it (e.g. copy it in any axis
    order), never write to it.
    """
    dims = img.shape[2:]
    pad_width = [(0, 0), (0, 0)]
    padded = False
    for d, k, s, p, di, out in zip(dims, ksize, stride, pad, dilate, outs):
        # The last window of the last output position ends at `need` (padded coordinates).
        need = (out - 1) * s + (k - 1) * di + 1
        after = max(need - d - p, 0)
        pad_width.append((p, after))
        padded = padded or p != 0 or after != 0
    if padded:
        img = xp.pad(img, pad_width, mode='constant', constant_values=(pval,))
    sn, sc = img.strides[:2]
    sd = img.strides[2:]
    shape = img.shape[:2] + tuple(ksize) + tuple(outs)
    strides = ((sn, sc) + tuple(st * di for st, di in zip(sd, dilate))
               + tuple(st * s for st, s in zip(sd, stride)))
    if xp is numpy:
        return numpy.lib.stride_tricks.as_strided(img, shape, strides, writeable=False)
    return xp.lib.stride_tricks.as_strided(img, shape, strides)


def _strided_patches(xp, img, ksize, stride, pad, pval, dilate, outs):
    """Returns the contiguous patch array of ``img`` built from one strided view.

    ``img`` is ``(n, c, d_1, ..., d_N)``; the result is
    ``(n, c, k_1, ..., k_N, out_1, ..., out_N)``.
    """
    # C-contiguous, writeable, never aliasing the input
    return _patches_view(xp, img, ksize, stride, pad, pval, dilate, outs).copy()


def _scatter_patches(xp, col, stride, pad, dims, dilate):
    """Adjoint of :func:`_strided_patches` without padding value: sums patches into an image."""
    ndim = len(dims)
    n, c = col.shape[:2]
    ksize = col.shape[2:2 + ndim]
    outs = col.shape[2 + ndim:]
    size = tuple(max(d + 2 * p, (out - 1) * s + (k - 1) * di + 1)
                 for d, p, s, k, di, out in zip(dims, pad, stride, ksize, dilate, outs))
    img = xp.zeros((n, c) + size, dtype=col.dtype)
    colon = slice(None)
    for kxs in numpy.ndindex(*ksize):
        img_index = (colon, colon) + tuple(
            slice(kx * di, kx * di + s * (out - 1) + 1, s)
            for kx, di, s, out in zip(kxs, dilate, stride, outs))
        img[img_index] += col[(colon, colon) + kxs]
    return img[(colon, colon) + tuple(slice(p, p + d) for p, d in zip(pad, dims))]


def _scatter_patches_gemm(xp, col, stride, pad, dims, dilate):
    """Adjoint of the GEMM patch layout: sums a ``(c, k_1, ..., k_N, n, out_1, ..., out_N)``
    patch array into a new C-contiguous image ``(n, c, d_1, ..., d_N)``.

    The image is accumulated channel-first (the order of the patches, so every addition reads
    and writes rows in the same order) and transposed once at the end.
    """
    ndim = len(dims)
    c = col.shape[0]
    ksize = col.shape[1:1 + ndim]
    n = col.shape[1 + ndim]
    outs = col.shape[2 + ndim:]
    size = tuple(max(d + 2 * p, (out - 1) * s + (k - 1) * di + 1)
                 for d, p, s, k, di, out in zip(dims, pad, stride, ksize, dilate, outs))
    img = xp.zeros((c, n) + size, dtype=col.dtype)
    colon = slice(None)
    for kxs in numpy.ndindex(*ksize):
        img_index = (colon, colon) + tuple(
            slice(kx * di, kx * di + s * (out - 1) + 1, s)
            for kx, di, s, out in zip(kxs, dilate, stride, outs))
        img[img_index] += col[(colon,) + kxs]
    img = img[(colon, colon) + tuple(slice(p, p + d) for p, d in zip(pad, dims))]
    return xp.ascontiguousarray(img.swapaxes(0, 1))


def im2col_cpu(img, kh, kw, sy, sx, ph, pw, pval=0, cover_all=False, dy=1, dx=1,
               out_h=None, out_w=None):
    """Extracts the convolution patches of a NumPy image batch.

    Args:
        img (numpy.ndarray): Images of shape ``(n, c, h, w)``.
        kh, kw (int): Kernel height and width.
        sy, sx (int): Strides.
        ph, pw (int): Paddings.
        pval: Value of the padded pixels.
        cover_all (bool): See :func:`get_conv_outsize`.
        dy, dx (int): Dilations.
        out_h, out_w (int): Output sizes (computed with :func:`get_conv_outsize` if ``None``).

    Returns:
        numpy.ndarray: A new C-contiguous array of shape ``(n, c, kh, kw, out_h, out_w)``.
    """
    n, c, h, w = img.shape
    if out_h is None:
        out_h = get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    assert out_h > 0, 'Height in the output should be positive.'
    if out_w is None:
        out_w = get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    assert out_w > 0, 'Width in the output should be positive.'
    return _strided_patches(numpy, img, (kh, kw), (sy, sx), (ph, pw), pval, (dy, dx),
                            (out_h, out_w))


def im2col_gpu(img, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1, out_h=None,
               out_w=None, pval=0):
    """Extracts the convolution patches of a CuPy image batch (see :func:`im2col_cpu`)."""
    n, c, h, w = img.shape
    if out_h is None:
        out_h = get_conv_outsize(h, kh, sy, ph, cover_all, dy)
    assert out_h > 0, 'Height in the output should be positive.'
    if out_w is None:
        out_w = get_conv_outsize(w, kw, sx, pw, cover_all, dx)
    assert out_w > 0, 'Width in the output should be positive.'
    cupy = cuda.cupy
    img = cupy.ascontiguousarray(img)
    col = cupy.empty((n, c, kh, kw, out_h, out_w), dtype=img.dtype)
    cuda.elementwise(
        'raw T img, int32 h, int32 w, int32 out_h, int32 out_w, int32 kh, int32 kw, '
        'int32 sy, int32 sx, int32 ph, int32 pw, int32 dy, int32 dx, T pval',
        'T col',
        '''
        int c0 = i / (kh * kw * out_h * out_w);
        int ky = i / (kw * out_h * out_w) % kh;
        int kx = i / (out_h * out_w) % kw;
        int oy = i / out_w % out_h;
        int ox = i % out_w;
        int iy = ky * dy + oy * sy - ph;
        int ix = kx * dx + ox * sx - pw;
        if (iy >= 0 && iy < h && ix >= 0 && ix < w) {
          col = img[(c0 * h + iy) * w + ix];
        } else {
          col = pval;
        }
        ''',
        'chainer_im2col')(img, h, w, out_h, out_w, kh, kw, sy, sx, ph, pw, dy, dx,
                          img.dtype.type(pval), col)
    return col


def im2col(img, kh, kw, sy, sx, ph, pw, cover_all=False, dy=1, dx=1, out_h=None,
           out_w=None, pval=0):
    """Extracts convolution patches of a NumPy or CuPy image batch (see :func:`im2col_cpu`).

    The arguments are v7's (``pval``, the padding value, comes last).
    """
    if isinstance(img, numpy.ndarray):
        return im2col_cpu(img, kh, kw, sy, sx, ph, pw, pval=pval, cover_all=cover_all, dy=dy,
                          dx=dx, out_h=out_h, out_w=out_w)
    return im2col_gpu(img, kh, kw, sy, sx, ph, pw, cover_all=cover_all, dy=dy, dx=dx,
                      out_h=out_h, out_w=out_w, pval=pval)


def col2im_cpu(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums a NumPy patch array back into an image batch (the adjoint of :func:`im2col_cpu`).

    Args:
        col (numpy.ndarray): Patches of shape ``(n, c, kh, kw, out_h, out_w)``.
        sy, sx (int): Strides.
        ph, pw (int): Paddings.
        h, w (int): Image height and width.
        dy, dx (int): Dilations.

    Returns:
        numpy.ndarray: Images of shape ``(n, c, h, w)``; each pixel is the sum of the patch
        entries that saw it.
    """
    return _scatter_patches(numpy, col, (sy, sx), (ph, pw), (h, w), (dy, dx))


def col2im_gpu(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums a CuPy patch array back into an image batch (see :func:`col2im_cpu`)."""
    cupy = cuda.cupy
    n, c, kh, kw, out_h, out_w = col.shape
    col = cupy.ascontiguousarray(col)
    img = cupy.empty((n, c, h, w), dtype=col.dtype)
    cuda.elementwise(
        'raw T col, int32 h, int32 w, int32 out_h, int32 out_w, int32 kh, int32 kw, '
        'int32 sy, int32 sx, int32 ph, int32 pw, int32 dy, int32 dx',
        'T img',
        '''
        int c0 = i / (h * w);
        int y = i / w % h + ph;
        int x = i % w + pw;
        T val = 0;
        for (int ky = 0; ky < kh; ++ky) {
          int oy = y - ky * dy;
          if (oy < 0 || oy % sy != 0) continue;
          oy /= sy;
          if (oy >= out_h) continue;
          for (int kx = 0; kx < kw; ++kx) {
            int ox = x - kx * dx;
            if (ox < 0 || ox % sx != 0) continue;
            ox /= sx;
            if (ox >= out_w) continue;
            val = val + col[(((c0 * kh + ky) * kw + kx) * out_h + oy) * out_w + ox];
          }
        }
        img = val;
        ''',
        'chainer_col2im')(col, h, w, out_h, out_w, kh, kw, sy, sx, ph, pw, dy, dx, img)
    return img


def col2im(col, sy, sx, ph, pw, h, w, dy=1, dx=1):
    """Sums a NumPy or CuPy patch array back into an image batch (see :func:`col2im_cpu`)."""
    if isinstance(col, numpy.ndarray):
        return col2im_cpu(col, sy, sx, ph, pw, h, w, dy, dx)
    return col2im_gpu(col, sy, sx, ph, pw, h, w, dy, dx)
