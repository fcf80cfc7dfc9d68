"""Deformable convolution sampler (``deformable_convolution_2d_sampler``)."""

from chainer import backend
from chainer.functions._helpers import convolution as _conv


def _offset2grid(offset, kh, kw, sy, sx, ph, pw, h, w):
    # Sampling coordinates of every filter tap, normalised to [-1, 1] over the padded input.
    import chainer.functions as F
    n, khkw2, out_h, out_w = offset.shape
    khkw = khkw2 // 2
    xp = backend.get_array_module(offset)
    dtype = offset.dtype
    with backend.get_device_from_array(offset).create_context():  # the grid goes with offset
        ys, xs = xp.meshgrid(
            xp.arange(0, sy * out_h, sy, dtype=dtype),
            xp.arange(0, sx * out_w, sx, dtype=dtype), indexing='ij')
        filter_x = xp.tile(xp.arange(kw, dtype=dtype), kh)
        filter_y = xp.repeat(xp.arange(kh, dtype=dtype), kw)
    x_coord = offset[:, :khkw] + (xs[None, None] + filter_x[None, :, None, None])
    y_coord = offset[:, khkw:] + (ys[None, None] + filter_y[None, :, None, None])
    x_coord = (x_coord / (w + 2 * pw - 1) - 0.5) * 2
    y_coord = (y_coord / (h + 2 * ph - 1) - 0.5) * 2
    return F.concat([x_coord, y_coord], axis=1)


def deformable_convolution_2d_sampler(x, offset, W, b=None, stride=1, pad=0):
    """Two-dimensional deformable convolution function using computed offsets.

    Each filter tap ``(ky, kx)`` of output location ``(i, j)`` reads the (zero-)padded input
    at ``(i s_Y + ky + offset_y, j s_X + kx + offset_x)`` by bilinear interpolation, where
    ``offset[:, :kh*kw]`` holds the x offsets and ``offset[:, kh*kw:]`` the y offsets (tap
    index ``ky * kw + kx``). With zero offsets this equals :func:`convolution_2d`.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c_I, h, w)``.
        offset (:class:`~chainer.Variable` or :ref:`ndarray`): Offsets
            ``(n, 2 * k_H * k_W, h_O, w_O)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters ``(c_O, c_I, k_H, k_W)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias ``(c_O,)`` (optional).
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> W = np.ones((1, 1, 2, 2), np.float32)
        >>> offset = np.zeros((1, 2 * 2 * 2, 3, 3), np.float32)  # (n, 2 * kh * kw, out_h, out_w)
        >>> y = F.deformable_convolution_2d_sampler(x, offset, W)
        >>> np.allclose(y.array, F.convolution_2d(x, W).array)  # no offset: a plain convolution
        True
    """
    import chainer.functions as F
    sy, sx = _conv.as_tuple(stride, 2)
    ph, pw = _conv.as_tuple(pad, 2)
    out_c, _, kh, kw = W.shape
    n, c, h, w = x.shape
    _, khkw2, out_h, out_w = offset.shape
    if khkw2 != 2 * kh * kw:
        raise ValueError(
            'The shape of the offset does not match the kernel size: '
            'expected {} channels, got {}'.format(2 * kh * kw, khkw2))
    grid = _offset2grid(offset, kh, kw, sy, sx, ph, pw, h, w)
    grid = F.reshape(grid, (n, 2, kh * kw, out_h * out_w))
    x_pad = F.pad(x, ((0, 0), (0, 0), (ph, ph), (pw, pw)), 'constant')
    x_st = F.spatial_transformer_sampler(x_pad, grid)           # (n, c, kh*kw, oh*ow)
    x_st = F.transpose(x_st, (0, 3, 1, 2))
    x_st = F.reshape(x_st, (n * out_h * out_w, c * kh * kw))
    W = F.transpose(W, (1, 2, 3, 0))
    W = F.reshape(W, (c * kh * kw, out_c))
    y = F.matmul(x_st, W)
    y = F.transpose(F.reshape(y, (n, out_h, out_w, out_c)), (0, 3, 1, 2))
    if b is not None:
        y = y + F.broadcast_to(F.reshape(b, (1, out_c, 1, 1)), y.shape)
    return y


