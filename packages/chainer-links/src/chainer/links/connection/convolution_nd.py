"""N-dimensional convolution layers (``ConvolutionND``, ``Convolution1D``, ``Convolution3D``)."""
from chainer.functions.connection import convolution_nd
from chainer.links.connection import _convolution
from chainer.utils import argument
from chainer.utils import conv_nd


class ConvolutionND(_convolution.LazyWeightLink):
    """N-dimensional convolution layer (wraps :func:`~chainer.functions.convolution_nd`).

    ``ConvolutionND(ndim, out_channels, ksize)`` (``ksize`` omitted) means
    ``ConvolutionND(ndim, None, out_channels, ksize)``.  With ``in_channels=None`` the
    filter is created at the first forward pass from the number of channels of the input.

    Args:
        ndim (int): Number of spatial dimensions.
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out_channels (int): Number of output channels.
        ksize (int or tuple of ints): Filter size.
        stride (int or tuple of ints): Stride of the filter application.
        pad (int or tuple of ints): Spatial padding of the input.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the filter (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).
        cover_all (bool): Whether to cover all the input with the filter (extra output
            positions for the last partial windows).
        dilate (int or tuple of ints): Dilation factor of the filter.
        groups (int): Number of channel groups.

    Attributes:
        W (~chainer.Parameter): ``(out_channels, in_channels / groups, k_1, ..., k_N)``
            filter.
        b (~chainer.Parameter): ``(out_channels,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, initialW=None, initial_bias=None, cover_all=False, dilate=1,
                 groups=1):
        super().__init__()
        in_channels, out_channels, ksize = _convolution.shift_omitted_in_channels(
            in_channels, out_channels, ksize)
        self.out_channels = out_channels
        self.ksize = conv_nd.as_tuple(ksize, ndim)
        self.stride = stride
        self.pad = pad
        self.cover_all = cover_all
        self.dilate = conv_nd.as_tuple(dilate, ndim)
        self.groups = int(groups)
        self._init_weights(in_channels, initialW, nobias, initial_bias, out_channels)

    def _weight_shape(self, in_channels):
        return _convolution.filter_shape(in_channels, self.out_channels, self.ksize,
                                         self.groups)

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, **kwargs):
        """Builds a convolution layer whose parameters are copies of ``W`` and ``b``.

        Args:
            W (~chainer.Variable or array): ``(out_channels, in_channels / groups, k_1, ...,
                k_N)`` filter.
            b (~chainer.Variable or array): ``(out_channels,)`` bias (0 when omitted).
            stride, pad, nobias: As in the constructor.
            cover_all, dilate, groups: As in the constructor (keyword only).
        """
        cover_all, dilate, groups = argument.parse_kwargs(
            kwargs, ('cover_all', False), ('dilate', 1), ('groups', 1))
        out_channels, in_channels, ksize = _convolution.split_filter(W, b, groups)
        W, b = _convolution.as_initial_values(W, b)
        return cls(len(ksize), in_channels, out_channels, ksize, stride, pad, nobias,
                   initialW=W, initial_bias=b, cover_all=cover_all, dilate=dilate,
                   groups=groups)

    def forward(self, x):
        """Applies the convolution to ``x`` of shape ``(N, in_channels, d_1, ..., d_N)``."""
        _convolution.check_input_ndim(x, len(self.ksize), 'ConvolutionND')
        self._ensure_weight(x)
        return convolution_nd.convolution_nd(
            x, self.W, self.b, self.stride, self.pad, cover_all=self.cover_all,
            dilate=self.dilate, groups=self.groups)


class Convolution1D(ConvolutionND):
    """One-dimensional convolution layer: :class:`ConvolutionND` with ``ndim=1``.

    The arguments are those of :class:`ConvolutionND` without ``ndim``.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, cover_all=False, dilate=1, groups=1):
        super().__init__(1, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, cover_all, dilate, groups)


class Convolution3D(ConvolutionND):
    """Three-dimensional convolution layer: :class:`ConvolutionND` with ``ndim=3``.

    The arguments are those of :class:`ConvolutionND` without ``ndim``.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, cover_all=False, dilate=1, groups=1):
        super().__init__(3, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, cover_all, dilate, groups)
