"""Deformable convolution layer (``DeformableConvolution2D`` and its sampler link)."""
from chainer.functions.connection import deformable_convolution_2d_sampler
from chainer import initializers
from chainer import link
from chainer.links.connection import _convolution
from chainer.links.connection import convolution_2d


class DeformableConvolution2D(link.Chain):
    """Two-dimensional deformable convolution layer.

    A :class:`~chainer.links.Convolution2D` (``offset_conv``) predicts, for every output
    position, an offset of each of the ``kh * kw`` sampling points; the
    :class:`DeformableConvolution2DSampler` (``deform_conv``) convolves the input sampled
    (bilinearly) at the offset points.

    Args:
        in_channels (int or None): Number of input channels.
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        pad (int or pair of ints): Spatial padding of the input.
        offset_nobias (bool): Whether the offset convolution has no bias.
        offset_initialW: Initializer of the offset convolution filter.
        offset_initial_bias: Initializer of the offset convolution bias.
        deform_nobias (bool): Whether the deformable convolution has no bias.
        deform_initialW: Initializer of the deformable convolution filter (0 by default).
        deform_initial_bias: Initializer of the deformable convolution bias.

    Attributes:
        offset_conv (~chainer.links.Convolution2D): Predicts the ``2 * kh * kw`` offset
            channels.
        deform_conv (DeformableConvolution2DSampler): The deformable convolution.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0,
                 offset_nobias=False, offset_initialW=None, offset_initial_bias=None,
                 deform_nobias=False, deform_initialW=None, deform_initial_bias=None):
        super().__init__()
        kh, kw = _convolution.pair(ksize)
        with self.init_scope():
            self.offset_conv = convolution_2d.Convolution2D(
                in_channels, 2 * kh * kw, ksize, stride, pad, offset_nobias,
                offset_initialW, offset_initial_bias)
            self.deform_conv = DeformableConvolution2DSampler(
                in_channels, out_channels, ksize, stride, pad, deform_nobias,
                deform_initialW, deform_initial_bias)

    def forward(self, x):
        """Applies the deformable convolution to ``x`` of shape ``(N, in_channels, h, w)``."""
        offset = self.offset_conv(x)
        return self.deform_conv(x, offset)


class DeformableConvolution2DSampler(_convolution.LazyWeightLink):
    """Convolution of an input sampled at given offsets (wraps
    :func:`~chainer.functions.deformable_convolution_2d_sampler`).

    Args:
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Filter size.
        stride (int or pair of ints): Stride of the filter application.
        pad (int or pair of ints): Spatial padding of the input.
        nobias (bool): Whether to leave the bias out.
        initialW: Initializer of the filter (0 by default).
        initial_bias: Initializer of the bias (0 by default).

    Attributes:
        W (~chainer.Parameter): ``(out_channels, in_channels, kh, kw)`` filter.
        b (~chainer.Parameter): ``(out_channels,)`` bias, or ``None`` when ``nobias``.
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None):
        super().__init__()
        self.ksize = ksize
        self.stride = _convolution.pair(stride)
        self.pad = _convolution.pair(pad)
        self.out_channels = out_channels
        self.initialW = initialW
        # as in v7, a lazy sampler creates its bias with the filter, at the first call
        self._init_weights(in_channels, initialW, nobias, initial_bias,
                           None if in_channels is None else out_channels,
                           default_initializer=initializers.Zero())

    def _weight_shape(self, in_channels):
        return _convolution.filter_shape(in_channels, self.out_channels,
                                         _convolution.size_2d(self.ksize))

    def forward(self, x, offset):
        """Convolves ``x`` sampled at the ``offset`` positions.

        Args:
            x (~chainer.Variable or array): Input ``(N, in_channels, h, w)``.
            offset (~chainer.Variable or array): Offsets ``(N, 2 * kh * kw, h_O, w_O)``.
        """
        self._ensure_weight(x)
        return deformable_convolution_2d_sampler.deformable_convolution_2d_sampler(
            x, offset, self.W, self.b, self.stride, self.pad)
