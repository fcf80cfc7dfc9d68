"""Inception module with batch normalization (``InceptionBN``)."""
import chainer
from chainer.functions.activation import relu
from chainer.functions.array import concat
from chainer.functions.pooling import average_pooling_2d
from chainer.functions.pooling import max_pooling_nd
from chainer import link
from chainer.links.connection import convolution_2d
from chainer.links.normalization import batch_normalization


class InceptionBN(link.Chain):
    """Inception module of the batch-normalized GoogLeNet (Inception v2).

    Branches (concatenated along the channels): an optional 1x1 convolution; a 1x1
    projection followed by a 3x3 convolution; a 1x1 projection followed by two 3x3
    convolutions; and max or average 3x3 pooling, optionally followed by a 1x1 projection.
    Every convolution is followed by batch normalization and ReLU.  With ``stride > 1``
    the module reduces the spatial size (the 1x1 branch must then be absent).

    Args:
        in_channels (int or None): Number of input channels.
        out1 (int): Output channels of the 1x1 branch (0: no such branch).
        proj3 (int): Channels of the projection before the 3x3 convolution.
        out3 (int): Output channels of the 3x3 branch.
        proj33 (int): Channels of the projection before the double 3x3 convolution.
        out33 (int): Output channels of the double 3x3 branch.
        pooltype (str): ``'max'`` or ``'avg'``.
        proj_pool (int or None): Output channels of the projection after pooling (``None``:
            the pooled input is passed as is; only without the 1x1 branch, as in v7).
        stride (int): Stride of the 3x3 convolutions that end the branches and of pooling.
        conv_init: Initializer of the convolution filters.
        dtype: Data type of the batch normalization layers (``chainer.config.dtype`` by
            default; ``mixed16`` gives float16 layers, as in v7).
    """

    def __init__(self, in_channels, out1, proj3, out3, proj33, out33, pooltype,
                 proj_pool=None, stride=1, conv_init=None, dtype=None):
        super().__init__()
        if out1 > 0 and stride != 1:
            raise AssertionError('InceptionBN: the 1x1 branch (out1 > 0) needs stride 1')
        if out1 > 0 and proj_pool is None:
            raise AssertionError(
                'InceptionBN: the 1x1 branch (out1 > 0) needs a pooling projection (proj_pool)')
        if pooltype not in ('max', 'avg'):
            raise NotImplementedError(
                "InceptionBN: pooltype must be 'max' or 'avg', not {!r}".format(pooltype))
        self.out1 = out1
        self.proj_pool = proj_pool
        self.stride = stride
        self.pooltype = pooltype

        def conv(c_in, c_out, ksize, stride=1, pad=0):
            return convolution_2d.Convolution2D(
                c_in, c_out, ksize, stride=stride, pad=pad, initialW=conv_init, nobias=True)

        norm_dtype = chainer.get_dtype(dtype)

        def norm(size):
            return batch_normalization.BatchNormalization(size, dtype=norm_dtype)

        with self.init_scope():
            self.proj3 = conv(in_channels, proj3, 1)
            self.conv3 = conv(proj3, out3, 3, stride=stride, pad=1)
            self.proj33 = conv(in_channels, proj33, 1)
            self.conv33a = conv(proj33, out33, 3, pad=1)
            self.conv33b = conv(out33, out33, 3, stride=stride, pad=1)
            self.proj3n = norm(proj3)
            self.conv3n = norm(out3)
            self.proj33n = norm(proj33)
            self.conv33an = norm(out33)
            self.conv33bn = norm(out33)
            if out1 > 0:
                self.conv1 = conv(in_channels, out1, 1)
                self.conv1n = norm(out1)
            if proj_pool is not None:
                self.poolp = conv(in_channels, proj_pool, 1)
                self.poolpn = norm(proj_pool)

    def forward(self, x):
        """Returns the concatenated outputs of the branches."""
        outs = []
        if self.out1 > 0:
            outs.append(relu.relu(self.conv1n(self.conv1(x))))
        h3 = relu.relu(self.proj3n(self.proj3(x)))
        outs.append(relu.relu(self.conv3n(self.conv3(h3))))
        h33 = relu.relu(self.proj33n(self.proj33(x)))
        h33 = relu.relu(self.conv33an(self.conv33a(h33)))
        outs.append(relu.relu(self.conv33bn(self.conv33b(h33))))
        if self.pooltype == 'max':
            p = max_pooling_nd.max_pooling_2d(x, 3, stride=self.stride, pad=1,
                                              cover_all=False)
        else:
            p = average_pooling_2d.average_pooling_2d(x, 3, stride=self.stride, pad=1)
        if self.proj_pool is not None:
            p = relu.relu(self.poolpn(self.poolp(p)))
        outs.append(p)
        return concat.concat(outs, axis=1)
