"""Residual networks (ResNet-50/101/152) of MSRA, with their pre-trained Caffe weights."""

import collections
import functools
import warnings

from chainer import link
from chainer.functions.activation import relu
from chainer.functions.activation import softmax
from chainer.functions.array import reshape
from chainer.functions.pooling import average_pooling_2d
from chainer.functions.pooling import max_pooling_nd
from chainer.initializers import normal
from chainer.links.connection import convolution_2d
from chainer.links.connection import linear
from chainer.links.model.vision import _pretrained
from chainer.links.normalization import batch_normalization
from chainer.serializers import npz

_MEAN = (103.063, 115.903, 123.152)
# n_layers -> bottlenecks in res2, res3, res4 and res5
_BLOCKS = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3)}
# (mid_channels, out_channels, stride) of res2 ... res5
_STAGES = ((64, 256, 1), (128, 512, 2), (256, 1024, 2), (512, 2048, 2))
_MISSING_CAFFEMODEL = (
    'The pre-trained caffemodel does not exist. Please download it from '
    "'https://github.com/KaimingHe/deep-residual-networks', and place it on {path}")


available = _pretrained.pillow_available()
"""Whether Pillow is installed (``prepare`` needs it), as v7's module attribute."""


def prepare(image, size=(224, 224)):
    """Converts an image to the input array of the ResNet models.

    The image is converted to RGB, resized to ``size`` (``(width, height)``; ``None`` keeps
    its size), turned into BGR with the ImageNet mean of MSRA's models subtracted, and
    transposed to ``(3, height, width)`` (of ``chainer.get_dtype()``). Needs Pillow.

    Args:
        image (PIL.Image or numpy.ndarray): The image; an array has the shape
            ``(height, width)``, ``(height, width, channels)`` or
            ``(channels, height, width)`` with channels in RGB order.
        size (pair of ints): The size of the output image, or ``None``.

    Returns:
        numpy.ndarray: The converted image.

    .. admonition:: Example

        >>> from chainer.links.model.vision import resnet
        >>> image = np.zeros((32, 48, 3), np.uint8)  # a black (height, width, RGB) image
        >>> x = resnet.prepare(image, size=(64, 56))  # size is (width, height)
        >>> x.shape, x.dtype
        ((3, 56, 64), dtype('float32'))
        >>> np.round(x[:, 0, 0], 3)  # BGR, minus the mean pixel
        array([-103.063, -115.903, -123.152], dtype=float32)
    """
    return _pretrained.prepare_image(image, size, _MEAN)


def _max_pooling_2d(x):
    return max_pooling_nd.max_pooling_2d(x, ksize=3, stride=2)


def _global_average_pooling_2d(x):
    n, channels, rows, cols = x.shape
    h = average_pooling_2d.average_pooling_2d(x, (rows, cols), stride=1)
    return reshape.reshape(h, (n, channels))


class BottleneckA(link.Chain):
    """A bottleneck layer that reduces the resolution of the feature map.

    Three convolutions (1x1, 3x3, 1x1, each followed by batch normalization) added to a
    strided 1x1 projection of the input, then ReLU.

    Args:
        in_channels (int): Number of channels of the input.
        mid_channels (int): Number of channels of the intermediate feature maps.
        out_channels (int): Number of channels of the output.
        stride (int or tuple of ints): Stride of the block.
        initialW (initializer): Initializer of the convolution weights.
        downsample_fb (bool): ``False`` strides the first 1x1 convolution (MSRA's ResNet),
            ``True`` the 3x3 convolution (Facebook's ResNet).
    """

    def __init__(self, in_channels, mid_channels, out_channels, stride=2, initialW=None,
                 downsample_fb=False):
        super().__init__()
        stride_1x1, stride_3x3 = (1, stride) if downsample_fb else (stride, 1)
        with self.init_scope():
            self.conv1 = convolution_2d.Convolution2D(
                in_channels, mid_channels, 1, stride_1x1, 0, initialW=initialW, nobias=True)
            self.bn1 = batch_normalization.BatchNormalization(mid_channels)
            self.conv2 = convolution_2d.Convolution2D(
                mid_channels, mid_channels, 3, stride_3x3, 1, initialW=initialW, nobias=True)
            self.bn2 = batch_normalization.BatchNormalization(mid_channels)
            self.conv3 = convolution_2d.Convolution2D(
                mid_channels, out_channels, 1, 1, 0, initialW=initialW, nobias=True)
            self.bn3 = batch_normalization.BatchNormalization(out_channels)
            self.conv4 = convolution_2d.Convolution2D(
                in_channels, out_channels, 1, stride, 0, initialW=initialW, nobias=True)
            self.bn4 = batch_normalization.BatchNormalization(out_channels)

    def forward(self, x):
        """The bottleneck branch plus the projected shortcut, through a ReLU."""
        h1 = relu.relu(self.bn1(self.conv1(x)))
        h1 = relu.relu(self.bn2(self.conv2(h1)))
        h1 = self.bn3(self.conv3(h1))
        h2 = self.bn4(self.conv4(x))
        return relu.relu(h1 + h2)


class BottleneckB(link.Chain):
    """A bottleneck layer that keeps the resolution of the feature map.

    Three convolutions (1x1, 3x3, 1x1, each followed by batch normalization) added to the
    input, then ReLU.

    Args:
        in_channels (int): Number of channels of the input (and the output).
        mid_channels (int): Number of channels of the intermediate feature maps.
        initialW (initializer): Initializer of the convolution weights.
    """

    def __init__(self, in_channels, mid_channels, initialW=None):
        super().__init__()
        with self.init_scope():
            self.conv1 = convolution_2d.Convolution2D(
                in_channels, mid_channels, 1, 1, 0, initialW=initialW, nobias=True)
            self.bn1 = batch_normalization.BatchNormalization(mid_channels)
            self.conv2 = convolution_2d.Convolution2D(
                mid_channels, mid_channels, 3, 1, 1, initialW=initialW, nobias=True)
            self.bn2 = batch_normalization.BatchNormalization(mid_channels)
            self.conv3 = convolution_2d.Convolution2D(
                mid_channels, in_channels, 1, 1, 0, initialW=initialW, nobias=True)
            self.bn3 = batch_normalization.BatchNormalization(in_channels)

    def forward(self, x):
        """The bottleneck branch plus the identity shortcut, through a ReLU."""
        h = relu.relu(self.bn1(self.conv1(x)))
        h = relu.relu(self.bn2(self.conv2(h)))
        h = self.bn3(self.conv3(h))
        return relu.relu(h + x)


class BuildingBlock(link.Chain):
    """A stage of bottleneck layers: one :class:`BottleneckA` (``a``) then
    ``n_layers - 1`` :class:`BottleneckB` (``b1``, ``b2``, ...).

    Args:
        n_layers (int): Number of bottleneck layers.
        in_channels (int): Number of channels of the input.
        mid_channels (int): Number of channels of the intermediate feature maps.
        out_channels (int): Number of channels of the output.
        stride (int or tuple of ints): Stride of the first bottleneck.
        initialW (initializer): Initializer of the convolution weights.
        downsample_fb (bool): ``False`` strides the 1x1 convolution (MSRA's ResNet),
            ``True`` the 3x3 convolution (Facebook's ResNet).
        n_layer (int): Deprecated alias of ``n_layers`` (since v7). Other keyword
            arguments are ignored, as in Chainer v7.
    """

    def __init__(self, n_layers=None, in_channels=None, mid_channels=None, out_channels=None,
                 stride=None, initialW=None, downsample_fb=None, **kwargs):
        super().__init__()
        if 'n_layer' in kwargs:
            warnings.warn('Argument `n_layer` is deprecated. Please use `n_layers` instead',
                          DeprecationWarning)
            n_layers = kwargs['n_layer']
        with self.init_scope():
            self.a = BottleneckA(in_channels, mid_channels, out_channels, stride, initialW,
                                 bool(downsample_fb))
            self._forward = ['a']
            for i in range(1, n_layers):
                name = f'b{i}'
                setattr(self, name, BottleneckB(out_channels, mid_channels, initialW))
                self._forward.append(name)

    def forward(self, x):
        """Applies the blocks in order."""
        for name in self._forward:
            x = getattr(self, name)(x)
        return x


class ResNetLayers(_pretrained.PretrainedCNN):
    """A pre-trained residual network of MSRA.

    K. He et al., `Deep Residual Learning for Image Recognition
    <https://arxiv.org/abs/1512.03385>`_. Unlike the other models of the zoo, the
    caffemodel is not downloaded automatically: get ``ResNet-{50,101,152}-model.caffemodel``
    from `MSRA <https://github.com/KaimingHe/deep-residual-networks>`_ and place it in
    ``$CHAINER_DATASET_ROOT/pfnet/chainer/models``.

    Args:
        pretrained_model (str): ``'auto'`` (or a ``.caffemodel`` file name) loads the
            pre-trained model: the converted ``ResNet-{n_layers}-model.npz`` in
            ``$CHAINER_DATASET_ROOT/pfnet/chainer/models`` (``$HOME/.chainer/dataset`` by
            default) when it exists, else the caffemodel placed there, converted once
            (needs chainer-caffe). A path loads that ``.npz``. ``None`` initializes the
            weights as the paper does (``chainer.initializers.HeNormal(scale=1.0)``)
            without reading any file.
        n_layers (int): The depth, 50, 101 or 152.
        downsample_fb (bool): ``False`` downsamples with stride 2 on the 1x1 convolutions
            (MSRA's ResNet), ``True`` on the 3x3 convolutions (Facebook's ResNet).

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    _extract_layer = 'pool5'
    _prepare = staticmethod(prepare)

    def __init__(self, pretrained_model, n_layers, downsample_fb=False):
        super().__init__()
        if n_layers not in _BLOCKS:
            raise ValueError('The n_layers argument should be either 50, 101, or 152, but {} '
                             'was given.'.format(n_layers))
        initialW = self._initializer(pretrained_model, normal.HeNormal(scale=1.0))
        c = self._narrow
        with self.init_scope():
            self.conv1 = convolution_2d.Convolution2D(3, c(64), 7, 2, 3, initialW=initialW)
            self.bn1 = batch_normalization.BatchNormalization(c(64))
            in_channels = c(64)
            for stage, (n, (mid, out, stride)) in enumerate(zip(_BLOCKS[n_layers], _STAGES), 2):
                setattr(self, f'res{stage}', BuildingBlock(
                    n, in_channels, c(mid), c(out), stride, initialW, downsample_fb))
                in_channels = c(out)
            self.fc6 = linear.Linear(in_channels, 1000)
        if pretrained_model == 'auto':
            pretrained_model = f'ResNet-{n_layers}-model.caffemodel'
        if pretrained_model and pretrained_model.endswith('.caffemodel'):
            _pretrained.load_pretrained(
                self, f'ResNet-{n_layers}-model.npz', pretrained_model,
                missing_message=_MISSING_CAFFEMODEL,
                converter=functools.partial(type(self).convert_caffemodel_to_npz,
                                            n_layers=n_layers))
        elif pretrained_model:
            npz.load_npz(pretrained_model, self)

    @property
    def functions(self):
        """Ordered dict of each layer name to the callables that compute it."""
        return collections.OrderedDict([
            ('conv1', [self.conv1, self.bn1, relu.relu]),
            ('pool1', [_max_pooling_2d]),
            ('res2', [self.res2]),
            ('res3', [self.res3]),
            ('res4', [self.res4]),
            ('res5', [self.res5]),
            ('pool5', [_global_average_pooling_2d]),
            ('fc6', [self.fc6]),
            ('prob', [softmax.softmax]),
        ])

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz, n_layers=50):
        """Converts a pre-trained caffemodel of MSRA to a Chainer ``.npz``.

        Args:
            path_caffemodel (str): Path of the pre-trained caffemodel.
            path_npz (str): Path of the converted model.
            n_layers (int): The depth of the model, 50, 101 or 152.
        """
        caffemodel = _pretrained.read_caffemodel(cls, path_caffemodel)
        chainermodel = cls._converted_model(n_layers)
        _transfer_resnet(caffemodel, chainermodel, n_layers)
        npz.save_npz(path_npz, chainermodel, compression=False)

    @classmethod
    def _converted_model(cls, n_layers):
        # A randomly initialized model of this class with n_layers (the subclasses fix
        # n_layers in their own initializer, hence ResNetLayers.__init__).
        model = cls.__new__(cls)
        ResNetLayers.__init__(model, None, n_layers)
        return model


def _caffe_block_names(n_bottlenecks, numbered):
    """Caffe's names of a stage's bottlenecks: ``a`` then ``b, c, ...`` or ``b1, b2, ...``."""
    if numbered:
        return ['a'] + [f'b{i}' for i in range(1, n_bottlenecks)]
    return [chr(ord('a') + i) for i in range(n_bottlenecks)]


def _transfer_bn(src_bn, src_scale, dst_bn):
    dst_bn.avg_mean[...] = src_bn.avg_mean
    dst_bn.avg_var[...] = src_bn.avg_var
    dst_bn.gamma.array[...] = src_scale.W.array
    dst_bn.beta.array[...] = src_scale.bias.b.array


def _transfer_resnet(src, dst, n_layers):
    """Copies MSRA's caffemodel layers (``res2a_branch2a``, ``bn2a_branch2a``,
    ``scale2a_branch2a``, ...) into a :class:`ResNetLayers`."""
    dst.conv1.W.array[...] = src['conv1'].W.array
    dst.conv1.b.array[...] = src['conv1'].b.array
    _transfer_bn(src['bn_conv1'], src['scale_conv1'], dst.bn1)
    for stage, n in enumerate(_BLOCKS[n_layers], 2):
        block = getattr(dst, f'res{stage}')
        # MSRA numbers the bottlenecks of its longest stages (b1, b2, ...).
        caffe_names = _caffe_block_names(n, numbered=n > 6)
        for link_name, caffe_name in zip(block._forward, caffe_names):
            bottleneck = getattr(block, link_name)
            branches = [('2a', 1), ('2b', 2), ('2c', 3)]
            if link_name == 'a':
                branches.append(('1', 4))
            for branch, index in branches:
                suffix = f'{stage}{caffe_name}_branch{branch}'
                getattr(bottleneck, f'conv{index}').W.array[...] = src['res' + suffix].W.array
                _transfer_bn(src['bn' + suffix], src['scale' + suffix],
                             getattr(bottleneck, f'bn{index}'))
    dst.fc6.W.array[...] = src['fc1000'].W.array
    dst.fc6.b.array[...] = src['fc1000'].b.array


class ResNet50Layers(ResNetLayers):
    """The pre-trained 50-layer residual network of MSRA (see :class:`ResNetLayers`).

    Args:
        pretrained_model (str): ``'auto'``, a path to an ``.npz`` or ``None`` (see
            :class:`ResNetLayers`); the caffemodel to place by hand is
            ``ResNet-50-model.caffemodel``.
        downsample_fb (bool): See :class:`ResNetLayers`.

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    def __init__(self, pretrained_model='auto', downsample_fb=False):
        super().__init__(pretrained_model, 50, downsample_fb)


class ResNet101Layers(ResNetLayers):
    """The pre-trained 101-layer residual network of MSRA (see :class:`ResNetLayers`).

    Args:
        pretrained_model (str): ``'auto'``, a path to an ``.npz`` or ``None`` (see
            :class:`ResNetLayers`); the caffemodel to place by hand is
            ``ResNet-101-model.caffemodel``.
        downsample_fb (bool): See :class:`ResNetLayers`.

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    def __init__(self, pretrained_model='auto', downsample_fb=False):
        super().__init__(pretrained_model, 101, downsample_fb)


class ResNet152Layers(ResNetLayers):
    """The pre-trained 152-layer residual network of MSRA (see :class:`ResNetLayers`).

    Args:
        pretrained_model (str): ``'auto'``, a path to an ``.npz`` or ``None`` (see
            :class:`ResNetLayers`); the caffemodel to place by hand is
            ``ResNet-152-model.caffemodel``.
        downsample_fb (bool): See :class:`ResNetLayers`.

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    def __init__(self, pretrained_model='auto', downsample_fb=False):
        super().__init__(pretrained_model, 152, downsample_fb)
