"""N-dimensional transposed convolution layers (``DeconvolutionND``, ``Deconvolution1D``,
``Deconvolution3D``)."""
from chainer.functions.connection import deconvolution_nd
from chainer.links.connection import _convolution
from chainer.utils import conv_nd


class DeconvolutionND(_convolution.LazyWeightLink):
    """N-dimensional transposed convolution layer (wraps
    :func:`~chainer.functions.deconvolution_nd`).

    ``DeconvolutionND(ndim, out_channels, ksize)`` (``ksize`` omitted) means
    ``DeconvolutionND(ndim, None, out_channels, ksize)``.  With ``in_channels=None`` the
    filter is created at the first forward pass from the number of channels of the input.

    Args:
        ndim (int): Number of spatial dimensions.
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out_channels (int): Number of output channels.
        ksize (int or tuple of ints): Filter size.
        stride (int or tuple of ints): Stride of the filter application.
        pad (int or tuple of ints): Spatial padding of the output.
        nobias (bool): Whether to leave the bias out.
        outsize (tuple of ints): Expected output size (computed from the input when
            omitted).
        initialW: Initializer of the filter (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).
        dilate (int or tuple of ints): Dilation factor of the filter.
        groups (int): Number of channel groups.

    Attributes:
        W (~chainer.Parameter): ``(in_channels, out_channels / groups, k_1, ..., k_N)``
            filter.
        b (~chainer.Parameter): ``(out_channels,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, outsize=None, initialW=None, initial_bias=None, dilate=1,
                 groups=1):
        super().__init__()
        in_channels, out_channels, ksize = _convolution.shift_omitted_in_channels(
            in_channels, out_channels, ksize)
        self.out_channels = out_channels
        self.ksize = conv_nd.as_tuple(ksize, ndim)
        self.stride = stride
        self.pad = pad
        self.outsize = outsize
        self.dilate = conv_nd.as_tuple(dilate, ndim)
        self.groups = int(groups)
        self._init_weights(in_channels, initialW, nobias, initial_bias, out_channels)

    def _weight_shape(self, in_channels):
        return _convolution.filter_shape(in_channels, self.out_channels, self.ksize,
                                         self.groups, transposed=True)

    def forward(self, x):
        """Applies the transposed convolution to ``x`` of shape ``(N, in_channels, ...)``."""
        _convolution.check_input_ndim(x, len(self.ksize), 'DeconvolutionND')
        self._ensure_weight(x)
        return deconvolution_nd.deconvolution_nd(
            x, self.W, self.b, self.stride, self.pad, outsize=self.outsize,
            dilate=self.dilate, groups=self.groups)


class Deconvolution1D(DeconvolutionND):
    """One-dimensional transposed convolution layer: :class:`DeconvolutionND` with
    ``ndim=1``.

    The arguments are those of :class:`DeconvolutionND` without ``ndim``.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, dilate=1, groups=1):
        super().__init__(1, in_channels, out_channels, ksize, stride, pad, nobias, outsize,
                         initialW, initial_bias, dilate, groups)


class Deconvolution3D(DeconvolutionND):
    """Three-dimensional transposed convolution layer: :class:`DeconvolutionND` with
    ``ndim=3``.

    The arguments are those of :class:`DeconvolutionND` without ``ndim``.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, dilate=1, groups=1):
        super().__init__(3, in_channels, out_channels, ksize, stride, pad, nobias, outsize,
                         initialW, initial_bias, dilate, groups)
