"""Two-dimensional depthwise convolution (``depthwise_convolution_2d``)."""
from chainer.functions.array import reshape as _reshape
from chainer.functions.array import transpose as _transpose
from chainer.functions.connection import convolution_2d


def depthwise_convolution_2d(x, W, b=None, stride=1, pad=0):
    """Two-dimensional depthwise convolution function.

    Each input channel ``c`` is convolved with its own ``c_M`` filters ``W[:, c]``; output
    channel ``c * c_M + m`` is the result of filter ``W[m, c]``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c_I, h_I, w_I)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters ``(c_M, c_I, h_K, w_K)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias ``(c_M * c_I,)`` (optional).
        stride (int or pair of ints): Stride.
        pad (int or pair of ints): Zero padding.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_I * c_M, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.ones((1, 2, 3, 3), np.float32)
        >>> W = np.ones((2, 2, 2, 2), np.float32)  # (channel multiplier, in channels, kh, kw)
        >>> y = F.depthwise_convolution_2d(x, W)
        >>> y.shape  # in channels * channel multiplier
        (1, 4, 2, 2)
        >>> y.array[0, :, 0, 0]
        array([4., 4., 4., 4.], dtype=float32)
    """
    multiplier, in_channels, kh, kw = W.shape
    W = _transpose.transpose(W, (1, 0, 2, 3))
    W = _reshape.reshape(W, (multiplier * in_channels, 1, kh, kw))
    return convolution_2d.convolution_2d(x, W, b, stride, pad, groups=in_channels)
