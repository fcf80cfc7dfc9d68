"""Two-dimensional dilated convolution (``dilated_convolution_2d``)."""
from chainer.functions.connection import convolution_2d


def dilated_convolution_2d(x, W, b=None, stride=1, pad=0, dilate=1, cover_all=False):
    """Two-dimensional dilated convolution function.

    Same as :func:`~chainer.functions.convolution_2d` with ``dilate``: the filter taps are
    ``dilate`` pixels apart, so ``h_O = (h_I + 2 p_H - h_K - (h_K - 1)(d_Y - 1)) // s_Y + 1``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c_I, h_I, w_I)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters ``(c_O, c_I, h_K, w_K)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(c_O,)`` (optional).
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.
        dilate (int or pair of ints): Dilation factor.
        cover_all (bool): If ``True``, all spatial locations are convoluted into some output.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5)
        >>> W = np.ones((1, 1, 2, 2), np.float32)
        >>> y = F.dilated_convolution_2d(x, W, dilate=2)  # taps 2 pixels apart
        >>> y.array
        array([[[[24., 28., 32.],
                 [44., 48., 52.],
                 [64., 68., 72.]]]], dtype=float32)
    """
    return convolution_2d.convolution_2d(
        x, W, b, stride, pad, cover_all, dilate=dilate)
