"""GoogLeNet's inception module (``Inception``)."""
from chainer.functions.activation import relu
from chainer.functions.array import concat
from chainer.functions.pooling import max_pooling_nd
from chainer import link
from chainer.links.connection import convolution_2d


class Inception(link.Chain):
    """Inception module of GoogLeNet.

    Four branches whose outputs are concatenated along the channels: a 1x1 convolution;
    a 1x1 projection followed by a 3x3 convolution; a 1x1 projection followed by a 5x5
    convolution; and 3x3 max pooling followed by a 1x1 projection.  Every convolution is
    followed by ReLU, and the spatial size is kept.

    Args:
        in_channels (int or None): Number of input channels (``None``: decided at the
            first call).
        out1 (int): Output channels of the 1x1 branch.
        proj3 (int): Channels of the projection before the 3x3 convolution.
        out3 (int): Output channels of the 3x3 branch.
        proj5 (int): Channels of the projection before the 5x5 convolution.
        out5 (int): Output channels of the 5x5 branch.
        proj_pool (int): Output channels of the pooling branch.
        conv_init: Initializer of the convolution filters.
        bias_init: Initializer of the convolution biases.
    """

    def __init__(self, in_channels, out1, proj3, out3, proj5, out5, proj_pool,
                 conv_init=None, bias_init=None):
        super().__init__()

        def conv(c_in, c_out, ksize, pad=0):
            return convolution_2d.Convolution2D(
                c_in, c_out, ksize, pad=pad, initialW=conv_init, initial_bias=bias_init)

        with self.init_scope():
            self.conv1 = conv(in_channels, out1, 1)
            self.proj3 = conv(in_channels, proj3, 1)
            self.conv3 = conv(proj3, out3, 3, pad=1)
            self.proj5 = conv(in_channels, proj5, 1)
            self.conv5 = conv(proj5, out5, 5, pad=2)
            self.projp = conv(in_channels, proj_pool, 1)

    def forward(self, x):
        """Returns the ``out1 + out3 + out5 + proj_pool`` channels of the four branches."""
        out1 = self.conv1(x)
        out3 = self.conv3(relu.relu(self.proj3(x)))
        out5 = self.conv5(relu.relu(self.proj5(x)))
        pool = self.projp(max_pooling_nd.max_pooling_2d(x, 3, stride=1, pad=1))
        return relu.relu(concat.concat((out1, out3, out5, pool), axis=1))
