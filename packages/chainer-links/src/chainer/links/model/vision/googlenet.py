"""GoogLeNet (Inception-v1) of BVLC, with its pre-trained Caffe weights."""

import collections

from chainer.functions.activation import relu
from chainer.functions.activation import softmax
from chainer.functions.noise import dropout
from chainer.functions.normalization import local_response_normalization
from chainer.functions.pooling import average_pooling_2d
from chainer.functions.pooling import max_pooling_nd
from chainer.initializers import uniform
from chainer.links.connection import convolution_2d
from chainer.links.connection import inception
from chainer.links.connection import linear
from chainer.links.model.vision import _pretrained
from chainer.serializers import npz

_MEAN = (104.0, 117.0, 123.0)
_NPZ = 'bvlc_googlenet.npz'
_CAFFEMODEL = 'bvlc_googlenet.caffemodel'
_URL = 'http://dl.caffe.berkeleyvision.org/bvlc_googlenet.caffemodel'
# Inception modules: name -> (in_channels, out1, proj3, out3, proj5, out5, proj_pool)
_INCEPTIONS = collections.OrderedDict([
    ('3a', (192, 64, 96, 128, 16, 32, 32)),
    ('3b', (256, 128, 128, 192, 32, 96, 64)),
    ('4a', (480, 192, 96, 208, 16, 48, 64)),
    ('4b', (512, 160, 112, 224, 24, 64, 64)),
    ('4c', (512, 128, 128, 256, 24, 64, 64)),
    ('4d', (512, 112, 144, 288, 32, 64, 64)),
    ('4e', (528, 256, 160, 320, 32, 128, 128)),
    ('5a', (832, 256, 160, 320, 32, 128, 128)),
    ('5b', (832, 384, 192, 384, 48, 128, 128)),
])
# Caffe layer name -> link name, for the layers outside the Inception modules.
_CAFFE_NAMES = {
    'conv1/7x7_s2': 'conv1', 'conv2/3x3_reduce': 'conv2_reduce', 'conv2/3x3': 'conv2',
    'loss3/classifier': 'loss3_fc', 'loss1/conv': 'loss1_conv', 'loss1/fc': 'loss1_fc1',
    'loss1/classifier': 'loss1_fc2', 'loss2/conv': 'loss2_conv', 'loss2/fc': 'loss2_fc1',
    'loss2/classifier': 'loss2_fc2',
}
# Caffe name suffix of an Inception branch -> its link in Inception.
_INCEPTION_BRANCHES = {'1x1': 'conv1', '3x3_reduce': 'proj3', '3x3': 'conv3',
                       '5x5_reduce': 'proj5', '5x5': 'conv5', 'pool_proj': 'projp'}
# The auxiliary classifiers branch off these modules' outputs.
_AUXILIARY_INPUTS = {'loss1_fc2': 'inception_4a', 'loss2_fc2': 'inception_4d'}


available = _pretrained.pillow_available()
"""Whether Pillow is installed (``prepare`` needs it), as v7's module attribute."""


def prepare(image, size=(224, 224)):
    """Converts an image to the input array of GoogLeNet.

    The image is converted to RGB, resized to ``size`` (``(width, height)``; ``None`` keeps
    its size), turned into BGR with GoogLeNet's ImageNet mean subtracted, and transposed to
    ``(3, height, width)`` (of ``chainer.get_dtype()``). Needs Pillow.

    Args:
        image (PIL.Image or numpy.ndarray): The image; an array has the shape
            ``(height, width)``, ``(height, width, channels)`` or
            ``(channels, height, width)`` with channels in RGB order.
        size (pair of ints): The size of the output image, or ``None``.

    Returns:
        numpy.ndarray: The converted image.

    .. admonition:: Example

        >>> from chainer.links.model.vision import googlenet
        >>> image = np.zeros((32, 48, 3), np.uint8)  # a black (height, width, RGB) image
        >>> x = googlenet.prepare(image, size=None)  # None keeps the size
        >>> x.shape, x.dtype
        ((3, 32, 48), dtype('float32'))
        >>> np.round(x[:, 0, 0], 3)  # BGR, minus the mean pixel
        array([-104., -117., -123.], dtype=float32)
    """
    return _pretrained.prepare_image(image, size, _MEAN)


def _max_pooling_2d(x):
    return max_pooling_nd.max_pooling_2d(x, ksize=3, stride=2)


def _local_response_normalization(x):
    return local_response_normalization.local_response_normalization(
        x, n=5, k=1, alpha=1e-4 / 5)


def _average_pooling_2d_k5(x):
    return average_pooling_2d.average_pooling_2d(x, ksize=5, stride=3)


def _average_pooling_2d_k7(x):
    return average_pooling_2d.average_pooling_2d(x, ksize=7, stride=1)


def _dropout(x):
    return dropout.dropout(x, ratio=0.4)


class GoogLeNet(_pretrained.PretrainedCNN):
    """The pre-trained GoogLeNet (Inception-v1) of BVLC.

    C. Szegedy et al., `Going Deeper with Convolutions
    <https://arxiv.org/abs/1409.4842>`_; the model is
    `BVLC's <https://github.com/BVLC/caffe/tree/master/models/bvlc_googlenet>`_. Besides the
    main classifier (``loss3_fc`` and ``prob``), the layers include the two auxiliary
    classifiers (``loss1_fc2`` and ``loss2_fc2``).

    Args:
        pretrained_model (str): ``'auto'`` loads the pre-trained model: the converted
            ``.npz`` in ``$CHAINER_DATASET_ROOT/pfnet/chainer/models`` (``$HOME/.chainer/
            dataset`` by default) when it exists, else the published caffemodel, downloaded
            and converted there once (needs chainer-caffe). A path loads that ``.npz``.
            ``None`` initializes the weights as BVLC does
            (``chainer.initializers.LeCunUniform(scale=1.0)``, which is Caffe's "xavier")
            without reading any file.

    Attributes:
        available_layers (list of str): Names of the layers :meth:`forward` and
            :meth:`extract` can return.
    """

    _extract_layer = 'pool5'
    _removed_forward_arguments = ('train',)
    _removed_extract_arguments = ('train', 'volatile')
    _prepare = staticmethod(prepare)
    _branch_inputs = _AUXILIARY_INPUTS

    def __init__(self, pretrained_model='auto'):
        super().__init__()
        kwargs = {'initialW': self._initializer(pretrained_model,
                                                uniform.LeCunUniform(scale=1.0))}
        c = self._narrow
        with self.init_scope():
            self.conv1 = convolution_2d.Convolution2D(3, c(64), 7, stride=2, pad=3, **kwargs)
            self.conv2_reduce = convolution_2d.Convolution2D(c(64), c(64), 1, **kwargs)
            self.conv2 = convolution_2d.Convolution2D(c(64), c(192), 3, stride=1, pad=1,
                                                      **kwargs)
            for name, channels in _INCEPTIONS.items():
                setattr(self, 'inc' + name, inception.Inception(
                    *map(c, channels), conv_init=kwargs['initialW']))
            self.loss3_fc = linear.Linear(c(1024), 1000, **kwargs)
            for branch, in_channels in (('loss1', 512), ('loss2', 528)):
                setattr(self, branch + '_conv',
                        convolution_2d.Convolution2D(c(in_channels), c(128), 1, **kwargs))
                setattr(self, branch + '_fc1', linear.Linear(c(2048), c(1024), **kwargs))
                setattr(self, branch + '_fc2', linear.Linear(c(1024), 1000, **kwargs))
        self._load_weights(pretrained_model, _NPZ, _CAFFEMODEL, _URL)

    @property
    def functions(self):
        """Ordered dict of each layer name to the callables that compute it.

        ``loss1_fc2`` and ``loss2_fc2`` start from the outputs of ``inception_4a`` and
        ``inception_4d``.
        """
        layers = [
            ('conv1', [self.conv1, relu.relu]),
            ('pool1', [_max_pooling_2d, _local_response_normalization]),
            ('conv2_reduce', [self.conv2_reduce, relu.relu]),
            ('conv2', [self.conv2, relu.relu, _local_response_normalization]),
            ('pool2', [_max_pooling_2d]),
        ]
        for name in _INCEPTIONS:
            layers.append(('inception_' + name, [getattr(self, 'inc' + name)]))
            if name in ('3b', '4e'):
                layers.append(('pool' + str(int(name[0])), [_max_pooling_2d]))
        layers += [
            ('pool5', [_average_pooling_2d_k7]),
            ('loss3_fc', [_dropout, self.loss3_fc]),
            ('prob', [softmax.softmax]),
        ]
        for branch in ('loss1', 'loss2'):
            layers.append((branch + '_fc2', [
                _average_pooling_2d_k5, getattr(self, branch + '_conv'), relu.relu,
                getattr(self, branch + '_fc1'), relu.relu, getattr(self, branch + '_fc2')]))
        return collections.OrderedDict(layers)

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz):
        """Converts BVLC's pre-trained GoogLeNet caffemodel to a Chainer ``.npz``.

        Args:
            path_caffemodel (str): Path of the pre-trained caffemodel.
            path_npz (str): Path of the converted model.
        """
        caffemodel = _pretrained.read_caffemodel(cls, path_caffemodel)
        chainermodel = cls(pretrained_model=None)
        pairs = [(caffemodel[src], getattr(chainermodel, dst))
                 for src, dst in _CAFFE_NAMES.items()]
        for name in _INCEPTIONS:
            module = getattr(chainermodel, 'inc' + name)
            pairs += [(caffemodel[f'inception_{name}/{suffix}'], getattr(module, branch))
                      for suffix, branch in _INCEPTION_BRANCHES.items()]
        for src, dst in pairs:
            dst.W.array[...] = src.W.array
            dst.b.array[...] = src.b.array
        npz.save_npz(path_npz, chainermodel, compression=False)
