"""Two-dimensional dilated convolution layer (``DilatedConvolution2D``)."""
from chainer.functions.connection import dilated_convolution_2d
from chainer.links.connection import _convolution


class DilatedConvolution2D(_convolution.LazyWeightLink):
    """Two-dimensional dilated convolution layer (wraps
    :func:`~chainer.functions.dilated_convolution_2d`).

    ``DilatedConvolution2D(out_channels, ksize)`` (``ksize`` omitted) means
    ``DilatedConvolution2D(None, out_channels, ksize)``; with ``in_channels=None`` the filter
    is created at the first forward pass.

    Args:
        in_channels (int or None): Number of input channels.
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        pad (int or pair of ints): Spatial padding of the input.
        dilate (int or pair of ints): Dilation factor of the filter.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the filter (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).

    Attributes:
        W (~chainer.Parameter): ``(out_channels, in_channels, kh, kw)`` filter.
        b (~chainer.Parameter): ``(out_channels,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, dilate=1,
                 nobias=False, initialW=None, initial_bias=None):
        super().__init__()
        in_channels, out_channels, ksize = _convolution.shift_omitted_in_channels(
            in_channels, out_channels, ksize)
        self.ksize = ksize
        self.stride = _convolution.pair(stride)
        self.pad = _convolution.pair(pad)
        self.dilate = _convolution.pair(dilate)
        self.out_channels = out_channels
        self._init_weights(in_channels, initialW, nobias, initial_bias, out_channels)

    def _weight_shape(self, in_channels):
        return _convolution.filter_shape(in_channels, self.out_channels,
                                         _convolution.size_2d(self.ksize))

    def forward(self, x):
        """Applies the dilated convolution to ``x`` of shape ``(N, in_channels, h, w)``."""
        self._ensure_weight(x)
        return dilated_convolution_2d.dilated_convolution_2d(
            x, self.W, self.b, self.stride, self.pad, self.dilate)
