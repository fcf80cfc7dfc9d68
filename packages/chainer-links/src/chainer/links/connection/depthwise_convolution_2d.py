"""Two-dimensional depthwise convolution layer (``DepthwiseConvolution2D``)."""
import numpy

from chainer.functions.connection import depthwise_convolution_2d
from chainer import initializers
from chainer.links.connection import _convolution


class DepthwiseConvolution2D(_convolution.LazyWeightLink):
    """Two-dimensional depthwise convolution layer (wraps
    :func:`~chainer.functions.depthwise_convolution_2d`).

    Every input channel is convolved with its own ``channel_multiplier`` filters, giving
    ``in_channels * channel_multiplier`` output channels.  With ``in_channels=None`` the
    filter and the bias are created at the first forward pass.

    Args:
        in_channels (int or None): Number of input channels.
        channel_multiplier (int): Number of filters per input channel.
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        pad (int or pair of ints): Spatial padding of the input.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the filter (``HeNormal(1 / sqrt(2))`` by default).
        initial_bias: Initializer of the bias (0 by default).

    Attributes:
        W (~chainer.Parameter): ``(channel_multiplier, in_channels, kh, kw)`` filter.
        b (~chainer.Parameter): ``(in_channels * channel_multiplier,)`` bias, or ``None``
            when ``nobias``.
    """

    def __init__(self, in_channels, channel_multiplier, ksize, stride=1, pad=0,
                 nobias=False, initialW=None, initial_bias=None):
        super().__init__()
        self.ksize = ksize
        self.stride = _convolution.pair(stride)
        self.pad = _convolution.pair(pad)
        self.channel_multiplier = channel_multiplier
        self.nobias = nobias
        self._init_weights(in_channels, initialW, nobias, initial_bias, None,
                           default_initializer=initializers.HeNormal(1. / numpy.sqrt(2)))

    def _weight_shape(self, in_channels):
        return (self.channel_multiplier, in_channels) + _convolution.size_2d(self.ksize)

    def _bias_shape(self, in_channels):
        return in_channels * self.channel_multiplier

    def forward(self, x):
        """Applies the depthwise convolution to ``x`` of shape ``(N, in_channels, h, w)``."""
        self._ensure_weight(x)
        return depthwise_convolution_2d.depthwise_convolution_2d(
            x, self.W, self.b, self.stride, self.pad)
