"""VGG 16- and 19-layer networks of the VGG team, with their pre-trained Caffe weights."""

import collections

from chainer.functions.activation import relu
from chainer.functions.activation import softmax
from chainer.functions.noise import dropout
from chainer.functions.pooling import max_pooling_nd
from chainer.initializers import constant
from chainer.initializers import normal
from chainer.links.connection import convolution_2d
from chainer.links.connection import linear
from chainer.links.model.vision import _pretrained
from chainer.serializers import npz

_MEAN = (103.939, 116.779, 123.68)
_URL = 'www.robots.ox.ac.uk/%7Evgg/software/very_deep/caffe/'
# n_layers -> (converted npz, caffemodel, its URL)
_PRETRAINED = {
    16: ('VGG_ILSVRC_16_layers.npz', 'VGG_ILSVRC_16_layers.caffemodel',
         'https://' + _URL + 'VGG_ILSVRC_16_layers.caffemodel'),
    19: ('VGG_ILSVRC_19_layers.npz', 'VGG_ILSVRC_19_layers.caffemodel',
         'http://' + _URL + 'VGG_ILSVRC_19_layers.caffemodel'),
}
# Convolutions per block for each depth.
_BLOCKS = {16: (2, 2, 3, 3, 3), 19: (2, 2, 4, 4, 4)}
_WIDTHS = (64, 128, 256, 512, 512)


available = _pretrained.pillow_available()
"""Whether Pillow is installed (``prepare`` needs it), as v7's module attribute."""


def prepare(image, size=(224, 224)):
    """Converts an image to the input array of the VGG models.

    The image is converted to RGB, resized to ``size`` (``(width, height)``; ``None`` keeps
    its size), turned into BGR with the ImageNet mean of the VGG models subtracted, and
    transposed to ``(3, height, width)`` (of ``chainer.get_dtype()``). Needs Pillow.

    Args:
        image (PIL.Image or numpy.ndarray): The image; an array has the shape
            ``(height, width)``, ``(height, width, channels)`` or
            ``(channels, height, width)`` with channels in RGB order.
        size (pair of ints): The size of the output image, or ``None``.

    Returns:
        numpy.ndarray: The converted image.

    .. admonition:: Example

        >>> from chainer.links.model.vision import vgg
        >>> image = np.zeros((32, 48, 3), np.uint8)  # a black (height, width, RGB) image
        >>> x = vgg.prepare(image)  # resized to 224 x 224 by default
        >>> x.shape, x.dtype
        ((3, 224, 224), dtype('float32'))
        >>> np.round(x[:, 0, 0], 3)  # BGR, minus the mean pixel
        array([-103.939, -116.779, -123.68 ], dtype=float32)
    """
    return _pretrained.prepare_image(image, size, _MEAN)


def _max_pooling_2d(x):
    return max_pooling_nd.max_pooling_2d(x, ksize=2)


class VGGLayers(_pretrained.PretrainedCNN):
    """A pre-trained CNN of the VGG team (use :class:`VGG16Layers` or :class:`VGG19Layers`).

    K. Simonyan and A. Zisserman, `Very Deep Convolutional Networks for Large-Scale Image
    Recognition <https://arxiv.org/abs/1409.1556>`_. The pre-trained weights are released
    under the Creative Commons Attribution License.

    Args:
        pretrained_model (str): ``'auto'`` loads the pre-trained model: the converted
            ``.npz`` in ``$CHAINER_DATASET_ROOT/pfnet/chainer/models`` (``$HOME/.chainer/
            dataset`` by default) when it exists, else the published caffemodel, downloaded
            and converted there once (needs chainer-caffe). A path loads that ``.npz``.
            ``None`` initializes the weights as the paper does
            (``chainer.initializers.Normal(scale=0.01)``) without reading any file.
        n_layers (int): The depth, 16 or 19.

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    _extract_layer = 'fc7'
    _prepare = staticmethod(prepare)

    def __init__(self, pretrained_model='auto', n_layers=16):
        super().__init__()
        if n_layers not in _BLOCKS:
            raise ValueError('The n_layers argument should be either 16 or 19, but {} was '
                             'given.'.format(n_layers))
        self._n_layers = n_layers
        kwargs = {'initialW': self._initializer(pretrained_model, normal.Normal(0.01)),
                  'initial_bias': constant.Zero()}
        widths = [self._narrow(w) for w in _WIDTHS]
        fc_width = self._narrow(4096)
        with self.init_scope():
            in_channels = 3
            for block, (n_convs, width) in enumerate(zip(_BLOCKS[n_layers], widths), 1):
                for i in range(1, n_convs + 1):
                    setattr(self, f'conv{block}_{i}', convolution_2d.Convolution2D(
                        in_channels, width, 3, 1, 1, **kwargs))
                    in_channels = width
            self.fc6 = linear.Linear(in_channels * 7 * 7, fc_width, **kwargs)
            self.fc7 = linear.Linear(fc_width, fc_width, **kwargs)
            self.fc8 = linear.Linear(fc_width, 1000, **kwargs)
        self._load_weights(pretrained_model, *_PRETRAINED[n_layers])

    @property
    def functions(self):
        """Ordered dict of each layer name to the callables that compute it."""
        layers = []
        for block, n_convs in enumerate(_BLOCKS[self._n_layers], 1):
            for i in range(1, n_convs + 1):
                name = f'conv{block}_{i}'
                layers.append((name, [getattr(self, name), relu.relu]))
            layers.append((f'pool{block}', [_max_pooling_2d]))
        layers += [
            ('fc6', [self.fc6, relu.relu, dropout.dropout]),
            ('fc7', [self.fc7, relu.relu, dropout.dropout]),
            ('fc8', [self.fc8]),
            ('prob', [softmax.softmax]),
        ]
        return collections.OrderedDict(layers)

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz):
        """Converts a pre-trained caffemodel of the VGG team to a Chainer ``.npz``.

        Args:
            path_caffemodel (str): Path of the pre-trained caffemodel.
            path_npz (str): Path of the converted model.
        """
        caffemodel = _pretrained.read_caffemodel(cls, path_caffemodel)
        chainermodel = cls(pretrained_model=None)
        for name, _ in chainermodel.namedlinks(skipself=True):
            layer = name[1:]
            getattr(chainermodel, layer).W.array[...] = caffemodel[layer].W.array
            getattr(chainermodel, layer).b.array[...] = caffemodel[layer].b.array
        npz.save_npz(path_npz, chainermodel, compression=False)


class VGG16Layers(VGGLayers):
    """The pre-trained 16-layer VGG network (see :class:`VGGLayers`).

    Args:
        pretrained_model (str): ``'auto'``, a path to an ``.npz`` or ``None`` (see
            :class:`VGGLayers`).

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    def __init__(self, pretrained_model='auto'):
        super().__init__(pretrained_model, 16)


class VGG19Layers(VGGLayers):
    """The pre-trained 19-layer VGG network (see :class:`VGGLayers`).

    Args:
        pretrained_model (str): ``'auto'``, a path to an ``.npz`` or ``None`` (see
            :class:`VGGLayers`).

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    def __init__(self, pretrained_model='auto'):
        super().__init__(pretrained_model, 19)
