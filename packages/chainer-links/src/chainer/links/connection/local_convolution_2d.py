"""Two-dimensional locally-connected layer (``LocalConvolution2D``)."""
from chainer.functions.connection import local_convolution_2d
from chainer import link
from chainer.links import _parameters
from chainer.links.connection import _convolution
from chainer.utils import conv


class LocalConvolution2D(link.Link):
    """Two-dimensional locally-connected layer: a convolution without weight sharing (wraps
    :func:`~chainer.functions.local_convolution_2d`).

    Every output position has its own filter, so the weight depends on the input size;
    when ``in_channels`` or ``in_size`` is ``None`` the parameters are created at the first
    forward pass from the input.

    Args:
        in_channels (int or None): Number of input channels.
        out_channels (int): Number of output channels.
        in_size (int or pair of ints): Spatial size ``(h, w)`` of the input (``None``:
            decided at the first call).
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the weight (``LeCunNormal`` by default).
        initial_bias: Initializer of the bias (0 by default).

    Attributes:
        W (~chainer.Parameter): ``(out_channels, h_O, w_O, in_channels, kh, kw)`` weight.
        b (~chainer.Parameter): ``(out_channels, h_O, w_O)`` bias, or ``None`` when
            ``nobias``.
    """

    def __init__(self, in_channels, out_channels, in_size=None, ksize=None, stride=1,
                 nobias=False, initialW=None, initial_bias=None, **kwargs):
        # v7 accepts and ignores further keyword arguments
        super().__init__()
        self.ksize = ksize
        self.stride = _convolution.pair(stride)
        self.nobias = nobias
        self.out_channels = out_channels
        with self.init_scope():
            self.W = _parameters.weight_parameter(initialW)
            self.b = _parameters.bias_parameter(nobias, initial_bias, None)
        if in_channels is not None and in_size is not None:
            self._initialize_params(in_channels, _convolution.pair(in_size))

    def _initialize_params(self, in_channels, in_size):
        kh, kw = _convolution.pair(self.ksize)
        sy, sx = self.stride
        out_h = conv.get_conv_outsize(in_size[0], kh, sy, 0)
        out_w = conv.get_conv_outsize(in_size[1], kw, sx, 0)
        self.W.initialize((self.out_channels, out_h, out_w, in_channels, kh, kw))
        if self.b is not None:
            self.b.initialize((self.out_channels, out_h, out_w))

    def forward(self, x):
        """Applies the layer to ``x`` of shape ``(N, in_channels, h, w)``."""
        if self.W.array is None:
            self._initialize_params(x.shape[1], x.shape[2:])
        return local_convolution_2d.local_convolution_2d(x, self.W, self.b, self.stride)
