"""VGG16Layers / VGG19Layers with pretrained_model=None or an npz: architecture, forward,
extract, predict, prepare (the caffemodel conversion is tested in chainer-caffe)."""

import sys

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.links.model.vision import vgg
from chainer.utils import type_check

V16_LAYERS = ['conv1_1', 'conv1_2', 'pool1', 'conv2_1', 'conv2_2', 'pool2', 'conv3_1',
              'conv3_2', 'conv3_3', 'pool3', 'conv4_1', 'conv4_2', 'conv4_3', 'pool4',
              'conv5_1', 'conv5_2', 'conv5_3', 'pool5', 'fc6', 'fc7', 'fc8', 'prob']


class NarrowVGG16(L.VGG16Layers):
    """VGG16's architecture with 16 times fewer channels (cheap to run at 224 x 224)."""
    _channel_divisor = 16


@pytest.fixture(scope='module')
def model():
    numpy.random.seed(0)
    return NarrowVGG16(pretrained_model=None)


def _images():
    rng = numpy.random.RandomState(1)
    return [rng.randint(0, 256, (40, 50, 3)).astype(numpy.uint8),
            rng.randint(0, 256, (3, 30, 20)).astype(numpy.float32)]


@pytest.mark.parametrize('cls, n_convs', [(L.VGG16Layers, 13), (L.VGG19Layers, 16)])
def test_architecture(cls, n_convs):
    model = cls(pretrained_model=None)
    params = dict(model.namedparams())
    assert len(params) == 2 * (n_convs + 3)
    assert params['/conv1_1/W'].shape == (64, 3, 3, 3)
    assert params['/conv5_3/W'].shape == (512, 512, 3, 3)
    assert params['/fc6/W'].shape == (4096, 25088)
    assert params['/fc8/W'].shape == (1000, 4096)
    # Normal(0.01) weights and zero biases, as in the paper
    assert abs(float(params['/fc7/W'].array.std()) - 0.01) < 1e-3
    assert not params['/fc7/b'].array.any()
    if cls is L.VGG16Layers:
        assert model.available_layers == V16_LAYERS
    else:
        assert model.available_layers[9:15] == ['conv3_4', 'pool3', 'conv4_1', 'conv4_2',
                                                'conv4_3', 'conv4_4']
        assert len(model.available_layers) == 25


def test_invalid_depth():
    with pytest.raises(ValueError, match='should be either 16 or 19, but 11 was given'):
        vgg.VGGLayers(pretrained_model=None, n_layers=11)


def test_forward(model):
    x = numpy.random.RandomState(2).uniform(-1, 1, (2, 3, 224, 224)).astype(numpy.float32)
    with chainer.using_config('train', False):
        out = model(x, layers=['pool1', 'fc7', 'prob'])
        default = model(x)
    assert sorted(out) == ['fc7', 'pool1', 'prob']
    assert out['pool1'].shape == (2, 4, 112, 112)
    h = chainer.functions.relu(model.conv1_2(chainer.functions.relu(model.conv1_1(x))))
    testing.assert_allclose(out['pool1'].array,
                            chainer.functions.max_pooling_2d(h, 2).array, rtol=1e-5)
    fc8 = model.fc8(out['fc7'])
    testing.assert_allclose(out['prob'].array, chainer.functions.softmax(fc8).array,
                            rtol=1e-5)
    assert list(default) == ['prob']
    testing.assert_allclose(default['prob'].array, out['prob'].array)


def test_forward_stops_after_the_last_requested_layer(model, monkeypatch):
    def fail(*args):
        raise AssertionError('fc6 ran')
    monkeypatch.setattr(model.fc6, 'forward', fail)
    out = model(numpy.zeros((1, 3, 32, 32), numpy.float32), layers=['conv2_1'])
    assert list(out) == ['conv2_1']


def test_unknown_layer(model):
    with pytest.raises(ValueError, match=r"unknown layer\(s\) \['fc9'\].*'conv1_1'"):
        model(numpy.zeros((1, 3, 224, 224), numpy.float32), layers=['fc9'])
    # extract refuses the name before it prepares any image
    with pytest.raises(ValueError, match=r"unknown layer\(s\) \['fc9'\].*'conv1_1'"):
        model.extract([numpy.zeros((8, 8, 3), numpy.uint8)], layers=['fc9'])


def test_wrong_input_type(model):
    with pytest.raises(type_check.InvalidType):
        model(numpy.zeros((1, 3, 224, 224), numpy.int32), layers=['conv1_1'])


def test_removed_arguments(model):
    x = numpy.zeros((1, 3, 32, 32), numpy.float32)
    with pytest.raises(ValueError, match='test argument is not supported anymore'):
        model(x, layers=['conv1_1'], test=True)
    with pytest.raises(ValueError, match='volatile argument is not supported anymore'):
        model.extract([numpy.zeros((8, 8, 3), numpy.uint8)], volatile=True)
    with pytest.raises(TypeError):
        model.extract([numpy.zeros((8, 8, 3), numpy.uint8)], train=True)


@pytest.mark.usefixtures('needs_pillow')
def test_extract(model):
    images = _images()
    with chainer.using_config('train', False):
        features = model.extract(images)
        pool1 = model.extract(images, layers=['pool1'], size=(64, 48))
    assert list(features) == ['fc7'] and features['fc7'].shape == (2, 256)
    x = numpy.asarray([vgg.prepare(image) for image in images])
    with chainer.using_config('train', False):
        expected = model(x, layers=['fc7'])['fc7']
    testing.assert_allclose(features['fc7'].array, expected.array, rtol=1e-5)
    assert pool1['pool1'].shape == (2, 4, 24, 32)


@pytest.mark.usefixtures('needs_pillow')
def test_extract_without_resize(model):
    images = [numpy.zeros((20, 30, 3), numpy.uint8), numpy.ones((20, 30, 3), numpy.uint8)]
    out = model.extract(images, layers=['conv1_1'], size=None)
    assert out['conv1_1'].shape == (2, 4, 20, 30)


@pytest.mark.usefixtures('needs_pillow')
@pytest.mark.parametrize('oversample', [True, False])
def test_predict(model, oversample):
    images = _images()
    prob = model.predict(images, oversample=oversample)
    assert isinstance(prob, chainer.Variable) and prob.creator is None
    x = numpy.asarray([vgg.prepare(image, size=(256, 256)) for image in images])
    with chainer.using_config('train', False):
        if oversample:
            crops = chainer.utils.imgproc.oversample(x, (224, 224))
            expected = model(crops)['prob'].array.reshape(2, 10, 1000).mean(axis=1)
        else:
            expected = model(x[:, :, 16:240, 16:240])['prob'].array
    testing.assert_allclose(prob.array, expected, rtol=1e-4, atol=1e-7)
    testing.assert_allclose(prob.array.sum(axis=1), numpy.ones(2), rtol=1e-5)


@pytest.mark.usefixtures('needs_pillow')
def test_prepare():
    from PIL import Image
    rgb = numpy.random.RandomState(3).randint(0, 256, (30, 40, 3)).astype(numpy.uint8)
    mean = numpy.array([103.939, 116.779, 123.68], numpy.float32)

    def reference(size):
        image = Image.fromarray(rgb)
        if size:
            image = image.resize(size)
        array = numpy.asarray(image, numpy.float32)[:, :, ::-1] - mean
        return array.transpose(2, 0, 1)

    for image in (rgb, rgb.transpose(2, 0, 1).astype(numpy.float32), Image.fromarray(rgb),
                  Image.fromarray(rgb).convert('RGBA')):
        out = vgg.prepare(image)
        assert out.dtype == numpy.float32 and out.shape == (3, 224, 224)
        testing.assert_allclose(out, reference((224, 224)), atol=1e-4)
        testing.assert_allclose(vgg.prepare(image, size=(20, 10)), reference((20, 10)),
                                atol=1e-4)
        testing.assert_allclose(vgg.prepare(image, size=None), reference(None), atol=1e-4)
    gray = rgb[:, :, 0]
    for image in (gray, gray[None]):
        out = vgg.prepare(image, size=None)
        testing.assert_allclose(out, numpy.stack([gray - m for m in mean]), atol=1e-4)


def test_prepare_without_pillow(monkeypatch):
    monkeypatch.setitem(sys.modules, 'PIL', None)
    with pytest.raises(ImportError, match='pip install pillow'):
        vgg.prepare(numpy.zeros((4, 4, 3), numpy.uint8))


def test_pretrained_npz_path(model, tmp_path):
    path = str(tmp_path / 'vgg.npz')
    chainer.serializers.save_npz(path, model)
    loaded = NarrowVGG16(pretrained_model=path)
    for (name, a), (_, b) in zip(sorted(model.namedparams()), sorted(loaded.namedparams())):
        numpy.testing.assert_array_equal(a.array, b.array, err_msg=name)


def test_pretrained_npz_with_wrong_shapes(tmp_path):
    path = str(tmp_path / 'vgg.npz')
    numpy.random.seed(0)
    chainer.serializers.save_npz(path, NarrowVGG16(pretrained_model=None))

    class NarrowerVGG16(L.VGG16Layers):
        _channel_divisor = 32

    with pytest.raises(ValueError, match="shape mismatch at key 'conv1_1/[Wb]'"):
        NarrowerVGG16(pretrained_model=path)


@pytest.mark.usefixtures('needs_datasets')
def test_auto_loads_the_converted_npz_from_the_dataset_root(model, tmp_path, monkeypatch):
    from chainer.dataset import download
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path))
    directory = tmp_path / 'pfnet' / 'chainer' / 'models'
    directory.mkdir(parents=True)
    chainer.serializers.save_npz(str(directory / 'VGG_ILSVRC_16_layers.npz'), model)
    loaded = NarrowVGG16()
    testing.assert_allclose(loaded.fc8.W.array, model.fc8.W.array)


@pytest.mark.usefixtures('needs_datasets')
def test_auto_without_chainer_caffe(tmp_path, monkeypatch):
    from chainer.dataset import download
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path))
    monkeypatch.setitem(sys.modules, 'chainer.links.caffe.caffe_function', None)
    with pytest.raises(ImportError, match='needs chainer-caffe: pip install chainer-caffe'):
        NarrowVGG16()


def test_auto_without_chainer_datasets(monkeypatch):
    monkeypatch.setitem(sys.modules, 'chainer.dataset', None)
    with pytest.raises(ImportError, match='pip install chainer-datasets'):
        NarrowVGG16()


def test_module_attribute_available(pillow_importable):
    # v7's test suites skip the image tests with `skipUnless(vgg.available, ...)`
    assert vgg.available is pillow_importable


@pytest.mark.usefixtures('no_file_access')
def test_no_pretrained_model_opens_no_file():
    model = NarrowVGG16(pretrained_model=None)
    assert all(param.array is not None for param in model.params())
    with chainer.using_config('train', False):
        y = model(numpy.zeros((1, 3, 32, 32), numpy.float32), layers=['pool5'])['pool5']
    assert y.shape[0] == 1
