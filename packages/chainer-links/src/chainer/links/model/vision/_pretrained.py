"""What the vision models of the zoo share: image preparation, the layer-by-layer forward
with ``available_layers``, ``extract``/``predict``, and ``pretrained_model='auto'``.

``'auto'`` loads the converted ``.npz`` from ``$CHAINER_DATASET_ROOT/pfnet/chainer/models``
(through chainer-datasets' download cache); when it is absent, the published caffemodel is
read with chainer-caffe's :class:`~chainer.links.caffe.CaffeFunction` (from that directory,
or downloaded) and converted once. Neither distribution is imported before it is needed.
"""

import importlib.util
import os
import sys
import urllib.error

import numpy

import chainer
from chainer import link
from chainer import variable
from chainer.functions.array import reshape
from chainer.functions.math import sum as sum_module
from chainer.initializers import constant
from chainer.serializers import npz
from chainer.utils import argument
from chainer.utils import imgproc

MODELS_DIRECTORY = 'pfnet/chainer/models/'

_REMOVED_ARGUMENTS = {
    'test': 'test argument is not supported anymore. Use chainer.using_config',
    'train': 'train argument is not supported anymore. Use chainer.using_config',
    'volatile': 'volatile argument is not supported anymore. Use chainer.using_config',
}


def pillow_available():
    """Whether Pillow (needed by ``prepare``) is installed; found without importing it."""
    return importlib.util.find_spec('PIL') is not None


def prepare_image(image, size, mean):
    """Turns an RGB image into the BGR, mean-subtracted ``(3, H, W)`` array a Caffe-trained
    model expects (see the ``prepare`` function of each model module)."""
    try:
        from PIL import Image
    except ImportError as e:
        raise ImportError('prepare needs Pillow to convert and resize images: '
                          'pip install pillow') from e
    dtype = chainer.get_dtype()
    if isinstance(image, numpy.ndarray):
        if image.ndim == 3:
            if image.shape[0] == 1:
                image = image[0, :, :]
            elif image.shape[0] == 3:
                image = image.transpose((1, 2, 0))
        image = Image.fromarray(image.astype(numpy.uint8))
    image = image.convert('RGB')
    if size:
        image = image.resize(size)
    image = numpy.asarray(image, dtype=dtype)[:, :, ::-1]
    image -= numpy.array(mean, dtype=dtype)
    return image.transpose((2, 0, 1))


def _check_removed_arguments(kwargs, names):
    argument.check_unexpected_kwargs(kwargs, **{name: _REMOVED_ARGUMENTS[name] for name in names})
    argument.assert_kwargs_empty(kwargs)


class PretrainedCNN(link.Chain):
    """Base of the zoo's models: a chain run as the ordered steps of :attr:`functions`.

    Subclasses define ``functions`` (layer name to the list of callables that compute it
    from the previous layer's output), ``_prepare`` (their module's ``prepare``),
    ``_extract_layer`` (the default of :meth:`extract`) and the names of the removed v1
    arguments their methods reject.
    """

    _extract_layer = None
    _removed_forward_arguments = ('test',)
    _removed_extract_arguments = ('test', 'volatile')
    _channel_divisor = 1  # tests build narrow copies of the architecture
    # layer name -> the earlier layer whose output it starts from (a side branch), instead
    # of the output of the layer before it
    _branch_inputs = {}

    @staticmethod
    def _prepare(image, size):
        raise NotImplementedError

    def _narrow(self, channels):
        return channels // self._channel_divisor

    @staticmethod
    def _initializer(pretrained_model, from_scratch):
        # zeros when pre-trained weights overwrite the parameters anyway
        return constant.Zero() if pretrained_model else from_scratch

    def _load_weights(self, pretrained_model, npz_name, caffemodel_name, url):
        # 'auto': the converted npz or the published caffemodel; a path: that npz
        if pretrained_model == 'auto':
            load_pretrained(self, npz_name, caffemodel_name, url)
        elif pretrained_model:
            npz.load_npz(pretrained_model, self)

    @property
    def available_layers(self):
        """Names of the layers that :meth:`forward` and :meth:`extract` can return."""
        return list(self.functions.keys())

    def forward(self, x, layers=None, **kwargs):
        """Computes the feature maps of the layers named in ``layers``.

        Args:
            x (~chainer.Variable): Input images, prepared by the module's ``prepare``.
            layers (list of str): Names of the layers to return (``['prob']`` when
                ``None``); the computation stops after the last of them.

        Returns:
            dict: Layer name to its :class:`~chainer.Variable`.

        Raises:
            ValueError: A name is not one of :attr:`available_layers`.
        """
        _check_removed_arguments(kwargs, self._removed_forward_arguments)
        if layers is None:
            layers = ['prob']
        self._check_layers(layers)
        return self._run(x, set(layers))

    def _check_layers(self, layers):
        available = self.available_layers
        unknown = [name for name in layers if name not in available]
        if unknown:
            raise ValueError(f'{type(self).__name__}: unknown layer(s) {unknown}; the '
                             f'available layers are {available}')

    def _run(self, x, targets):
        activations = {}
        branch_inputs = self._branch_inputs
        branch_sources = set(branch_inputs.values())
        kept = {}
        h = x
        for name, functions in self.functions.items():
            if not targets:
                break
            if name in branch_inputs:
                h = kept[branch_inputs[name]]
            for function in functions:
                h = function(h)
            if name in branch_sources:
                kept[name] = h
            if name in targets:
                activations[name] = h
                targets.remove(name)
        return activations

    def extract(self, images, layers=None, size=(224, 224), **kwargs):
        """Prepares the images and computes the feature maps of ``layers``.

        Unlike :meth:`predict`, this leaves ``chainer.config.train`` and
        ``enable_backprop`` as they are.

        Args:
            images (iterable of PIL.Image or numpy.ndarray): RGB input images.
            layers (list of str): Names of the layers to return (the model's feature layer
                when ``None``).
            size (pair of ints): ``(width, height)`` the images are resized to; ``None``
                keeps them as they are (they must then all have the same size).

        Returns:
            dict: Layer name to its :class:`~chainer.Variable`.
        """
        _check_removed_arguments(kwargs, self._removed_extract_arguments)
        if layers is None:
            layers = [self._extract_layer]
        self._check_layers(layers)
        x = numpy.asarray([self._prepare(image, size=size) for image in images])
        x = variable.Variable(self.device.send(x))
        return self(x, layers=layers)

    def predict(self, images, oversample=True):
        """Class probabilities of the images.

        The images are resized to 256 x 256; with ``oversample`` the probabilities of the
        ten 224 x 224 crops (corners, center and their mirrors) are averaged, else the
        center crop is used. Runs in test mode without backprop.

        Args:
            images (iterable of PIL.Image or numpy.ndarray): RGB input images.
            oversample (bool): Whether to average over the ten crops.

        Returns:
            ~chainer.Variable: Probabilities of shape ``(len(images), 1000)``.
        """
        x = numpy.asarray([self._prepare(image, size=(256, 256)) for image in images])
        if oversample:
            x = imgproc.oversample(x, crop_dims=(224, 224))
        else:
            x = x[:, :, 16:240, 16:240]
        with chainer.no_backprop_mode(), chainer.using_config('train', False):
            x = variable.Variable(self.device.send(x))
            y = self(x, layers=['prob'])['prob']
            if oversample:
                n = len(y) // 10
                y = reshape.reshape(y, (n, 10) + y.shape[1:])
                y = sum_module.sum(y, axis=1) / 10
        return y


def load_pretrained(model, npz_name, caffemodel_name, url=None, missing_message=None,
                    converter=None):
    """Loads ``model``'s pre-trained weights for ``pretrained_model='auto'``.

    The converted ``npz_name`` in the models directory of the dataset root is loaded when
    present; otherwise the caffemodel (``caffemodel_name`` in that directory, else
    downloaded from ``url``) is converted with ``converter(path_caffemodel, path_npz)``
    (by default ``type(model).convert_caffemodel_to_npz``) and the result is cached there.
    ``missing_message`` is the message of the :class:`OSError` raised when there is no
    caffemodel to convert and no ``url`` (``{path}`` is replaced by the expected path).
    """
    if converter is None:
        converter = type(model).convert_caffemodel_to_npz
    try:
        from chainer.dataset import download
    except ImportError as e:
        raise ImportError(
            f"pretrained_model='auto' of {type(model).__name__} needs chainer-datasets "
            f'(the dataset root and download cache): pip install chainer-datasets ({e})'
        ) from e
    root = download.get_dataset_directory(MODELS_DIRECTORY)

    def convert(path_npz):
        _caffe_function_class(type(model))  # fails before any download without chainer-caffe
        path_caffemodel = os.path.join(root, caffemodel_name)
        if not os.path.exists(path_caffemodel):
            if url is None:
                raise OSError(missing_message.format(path=path_caffemodel))
            try:
                path_caffemodel = download.cached_download(url)
            except urllib.error.URLError as e:
                raise OSError(
                    f'{type(model).__name__}: cannot download the pre-trained caffemodel '
                    f'{url} ({e.reason}); without network access, download it by hand and '
                    f'place it at {os.path.join(root, caffemodel_name)} (or the converted '
                    f'{os.path.join(root, npz_name)})') from e
        sys.stderr.write('Now loading caffemodel (usually it may take few minutes)\n')
        sys.stderr.flush()
        converter(path_caffemodel, path_npz)
        npz.load_npz(path_npz, model)
        return model

    return download.cache_or_load_file(
        os.path.join(root, npz_name), convert, lambda path: npz.load_npz(path, model))


def _caffe_function_class(model_class):
    try:
        from chainer.links.caffe.caffe_function import CaffeFunction
    except ImportError as e:
        raise ImportError(
            f'converting the pre-trained caffemodel of {model_class.__name__} needs '
            f'chainer-caffe: pip install chainer-caffe ({e})') from e
    return CaffeFunction


def read_caffemodel(model_class, path_caffemodel):
    """The :class:`~chainer.links.caffe.CaffeFunction` of a caffemodel to convert."""
    return _caffe_function_class(model_class)(path_caffemodel)
