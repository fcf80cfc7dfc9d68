"""Network-in-network convolution block (``MLPConvolution2D``)."""
from chainer.functions.activation import relu
from chainer import link
from chainer.links.connection import _convolution
from chainer.links.connection import convolution_2d
from chainer.utils import argument

_WSCALE_MSG = ('wscale is not supported anymore. Use conv_init and bias_init argument to '
               'change the scale of initial parameters.')


class MLPConvolution2D(link.ChainList):
    """Two-dimensional MLP convolution block of Network in Network.

    A :class:`~chainer.links.Convolution2D` with ``ksize`` followed by 1x1 convolutions,
    one per entry of ``out_channels``, with ``activation`` between them (not after the
    last).  ``MLPConvolution2D(out_channels, ksize)`` (``ksize`` omitted) means
    ``MLPConvolution2D(None, out_channels, ksize)``.

    Args:
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out_channels (tuple of ints): Output channels of each convolution.
        ksize (int or pair of ints): Filter size of the first convolution.
        stride (int or pair of ints): Stride of the first convolution.
        pad (int or pair of ints): Spatial padding of the first convolution.
        activation (callable): Activation between the convolutions.
        conv_init: Initializer of the convolution filters (keyword only).
        bias_init: Initializer of the convolution biases (keyword only).

    Attributes:
        activation (callable): The activation function.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 activation=relu.relu, *args, **kwargs):
        if args:
            raise TypeError(_WSCALE_MSG)
        argument.check_unexpected_kwargs(kwargs, wscale=_WSCALE_MSG)
        conv_init, bias_init = argument.parse_kwargs(
            kwargs, ('conv_init', None), ('bias_init', None))
        in_channels, out_channels, ksize = _convolution.shift_omitted_in_channels(
            in_channels, out_channels, ksize)
        if len(out_channels) == 0:
            raise AssertionError('MLPConvolution2D: out_channels must not be empty')
        convs = [convolution_2d.Convolution2D(
            in_channels, out_channels[0], ksize, stride, pad, initialW=conv_init,
            initial_bias=bias_init)]
        for c_in, c_out in zip(out_channels, out_channels[1:]):
            convs.append(convolution_2d.Convolution2D(
                c_in, c_out, 1, initialW=conv_init, initial_bias=bias_init))
        super().__init__(*convs)
        self.activation = activation

    def forward(self, x):
        """Applies the convolutions to ``x`` with the activation between them."""
        f = self.activation
        for conv in self[:-1]:
            x = f(conv(x))
        return self[-1](x)
