"""Two-dimensional convolution layer (``Convolution2D``)."""
import chainer
from chainer.functions.connection import convolution_2d
from chainer.links.connection import _convolution
from chainer import memory_layouts
from chainer.utils import argument


class Convolution2D(_convolution.LazyWeightLink):
    """Two-dimensional convolution layer (wraps :func:`~chainer.functions.convolution_2d`).

    ``Convolution2D(out_channels, ksize)`` (``ksize`` omitted) means
    ``Convolution2D(None, out_channels, ksize)``.  With ``in_channels=None`` the filter is
    created at the first forward pass from the number of channels of the input.

    Args:
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        pad (int or pair of ints): Spatial padding of the input.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the filter (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).
        dilate (int or pair of ints): Dilation factor of the filter (keyword only).
        groups (int): Number of channel groups (keyword only); both channel counts must be
            divisible by it.

    Attributes:
        W (~chainer.Parameter): ``(out_channels, in_channels / groups, kh, kw)`` filter.
        b (~chainer.Parameter): ``(out_channels,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, **kwargs):
        super().__init__()
        dilate, groups = argument.parse_kwargs(
            kwargs, ('dilate', 1), ('groups', 1), deterministic=_convolution.DETERMINISTIC_MSG)
        in_channels, out_channels, ksize = _convolution.shift_omitted_in_channels(
            in_channels, out_channels, ksize)
        self.cudnn_fast = chainer.config.compute_mode == 'cudnn_fast'
        self.ksize = ksize
        self.stride = _convolution.pair(stride)
        self.pad = _convolution.pair(pad)
        self.dilate = _convolution.pair(dilate)
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.groups = int(groups)
        self.x_layout = memory_layouts.CUDNN_CHANNEL_LAST_X if self.cudnn_fast else None
        self._init_weights(in_channels, initialW, nobias, initial_bias, out_channels)

    def _weight_shape(self, in_channels):
        return _convolution.filter_shape(in_channels, self.out_channels,
                                         _convolution.size_2d(self.ksize), self.groups)

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, **kwargs):
        """Builds a convolution layer whose parameters are copies of ``W`` and ``b``.

        Args:
            W (~chainer.Variable or array): ``(out_channels, in_channels / groups, kh, kw)``
                filter.
            b (~chainer.Variable or array): ``(out_channels,)`` bias (0 when omitted).
            stride, pad, nobias: As in the constructor.
            dilate, groups: As in the constructor (keyword only).
        """
        dilate, groups = argument.parse_kwargs(kwargs, ('dilate', 1), ('groups', 1))
        out_channels, in_channels, ksize = _convolution.split_filter(W, b, groups)
        W, b = _convolution.as_initial_values(W, b)
        return cls(in_channels, out_channels, ksize, stride, pad, nobias, initialW=W,
                   initial_bias=b, dilate=dilate, groups=groups)

    @property
    def printable_specs(self):
        """The constructor arguments."""
        yield 'in_channels', self.in_channels
        yield 'out_channels', self.out_channels
        yield 'ksize', self.ksize
        yield 'stride', self.stride
        yield 'pad', self.pad
        yield 'nobias', self.b is None
        yield 'dilate', self.dilate
        yield 'groups', self.groups

    def forward(self, x):
        """Applies the convolution to ``x`` of shape ``(N, in_channels, h, w)``."""
        self._ensure_weight(x)
        return convolution_2d.convolution_2d(
            x, self.W, self.b, self.stride, self.pad, dilate=self.dilate, groups=self.groups)
