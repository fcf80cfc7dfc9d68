"""Two-dimensional transposed convolution layer (``Deconvolution2D``)."""
from chainer.functions.connection import deconvolution_2d
from chainer.links.connection import _convolution
from chainer.utils import argument


class Deconvolution2D(_convolution.LazyWeightLink):
    """Two-dimensional transposed convolution layer (wraps
    :func:`~chainer.functions.deconvolution_2d`).

    ``Deconvolution2D(out_channels, ksize)`` (``ksize`` omitted) means
    ``Deconvolution2D(None, out_channels, ksize)``.  With ``in_channels=None`` the filter is
    created at the first forward pass from the number of channels of the input.

    Args:
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        pad (int or pair of ints): Spatial padding of the output.
        nobias (bool): Whether to leave the bias out.
        outsize (pair of ints): Expected output size (computed from the input when
            omitted).
        initialW: Initializer of the filter (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).
        dilate (int or pair of ints): Dilation factor of the filter (keyword only).
        groups (int): Number of channel groups (keyword only).

    Attributes:
        W (~chainer.Parameter): ``(in_channels, out_channels / groups, kh, kw)`` filter.
        b (~chainer.Parameter): ``(out_channels,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, **kwargs):
        super().__init__()
        dilate, groups = argument.parse_kwargs(
            kwargs, ('dilate', 1), ('groups', 1),
            deterministic=_convolution.DETERMINISTIC_MSG)
        in_channels, out_channels, ksize = _convolution.shift_omitted_in_channels(
            in_channels, out_channels, ksize)
        self.ksize = ksize
        self.stride = _convolution.pair(stride)
        self.pad = _convolution.pair(pad)
        self.dilate = _convolution.pair(dilate)
        self.outsize = (None, None) if outsize is None else outsize
        self.out_channels = out_channels
        self.groups = int(groups)
        self._init_weights(in_channels, initialW, nobias, initial_bias, out_channels)

    def _weight_shape(self, in_channels):
        return _convolution.filter_shape(in_channels, self.out_channels,
                                         _convolution.size_2d(self.ksize), self.groups,
                                         transposed=True)

    def forward(self, x):
        """Applies the transposed convolution to ``x`` of shape ``(N, in_channels, h, w)``."""
        self._ensure_weight(x)
        outsize = None if self.outsize == (None, None) else self.outsize
        return deconvolution_2d.deconvolution_2d(
            x, self.W, self.b, self.stride, self.pad, outsize, dilate=self.dilate,
            groups=self.groups)
