"""ResNet50/101/152Layers and their blocks with pretrained_model=None or an npz."""

import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.links.model.vision import resnet


def _x(*shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


class TestBottlenecks:

    @pytest.mark.parametrize('downsample_fb', [False, True])
    def test_bottleneck_a(self, downsample_fb):
        block = resnet.BottleneckA(4, 2, 6, stride=2, downsample_fb=downsample_fb)
        strides = [block.conv1.stride, block.conv2.stride, block.conv4.stride]
        assert strides == ([(1, 1), (2, 2), (2, 2)] if downsample_fb
                           else [(2, 2), (1, 1), (2, 2)])
        assert block.conv1.b is None
        x = _x(2, 4, 6, 6)
        with chainer.using_config('train', False):
            y = block(x)
            h = F.relu(block.bn1(block.conv1(x)))
            h = F.relu(block.bn2(block.conv2(h)))
            expected = F.relu(block.bn3(block.conv3(h)) + block.bn4(block.conv4(x)))
        assert y.shape == (2, 6, 3, 3)
        testing.assert_allclose(y.array, expected.array, rtol=1e-5)

    def test_bottleneck_b(self):
        block = resnet.BottleneckB(4, 2)
        x = _x(2, 4, 5, 5)
        with chainer.using_config('train', False):
            y = block(x)
            h = F.relu(block.bn1(block.conv1(x)))
            h = F.relu(block.bn2(block.conv2(h)))
            expected = F.relu(block.bn3(block.conv3(h)) + x)
        testing.assert_allclose(y.array, expected.array, rtol=1e-5)

    def test_building_block(self):
        block = resnet.BuildingBlock(3, 4, 2, 6, 1)
        assert block._forward == ['a', 'b1', 'b2']
        x = _x(1, 4, 5, 5)
        with chainer.using_config('train', False):
            testing.assert_allclose(block(x).array, block.b2(block.b1(block.a(x))).array)

    def test_building_block_backward(self):
        block = resnet.BuildingBlock(2, 3, 2, 4, 2)
        x = _x(2, 3, 6, 6).astype(numpy.float64)
        block.to_device('@numpy')
        for param in block.params():
            param.array = param.array.astype(numpy.float64)
        for link in block.links():
            if isinstance(link, L.BatchNormalization):
                link.avg_mean = link.avg_mean.astype(numpy.float64)
                link.avg_var = link.avg_var.astype(numpy.float64)
        gy = _x(2, 4, 3, 3, seed=1).astype(numpy.float64)
        with chainer.using_config('train', False):
            chainer.gradient_check.check_backward(block, x, gy, params=(block.a.conv1.W,),
                                                  atol=1e-4, rtol=1e-4)

    def test_deprecated_n_layer(self):
        with pytest.warns(DeprecationWarning, match='`n_layer` is deprecated'):
            block = resnet.BuildingBlock(n_layer=2, in_channels=4, mid_channels=2,
                                         out_channels=4, stride=1)
        assert block._forward == ['a', 'b1']


class NarrowResNet50(L.ResNet50Layers):
    _channel_divisor = 16


@pytest.fixture(scope='module')
def model():
    numpy.random.seed(0)
    return NarrowResNet50(pretrained_model=None)


@pytest.mark.parametrize('cls, n_blocks', [(L.ResNet50Layers, (3, 4, 6, 3)),
                                           (L.ResNet101Layers, (3, 4, 23, 3)),
                                           (L.ResNet152Layers, (3, 8, 36, 3))])
def test_architecture(cls, n_blocks):
    model = cls(pretrained_model=None)
    assert model.available_layers == ['conv1', 'pool1', 'res2', 'res3', 'res4', 'res5',
                                      'pool5', 'fc6', 'prob']
    assert tuple(len(getattr(model, f'res{i}')._forward) for i in range(2, 6)) == n_blocks
    params = dict(model.namedparams())
    assert params['/conv1/W'].shape == (64, 3, 7, 7) and '/conv1/b' in params
    assert params['/res5/a/conv4/W'].shape == (2048, 1024, 1, 1)
    assert params['/fc6/W'].shape == (1000, 2048)
    # HeNormal(1.0) for the convolutions
    std = float(params['/res3/b1/conv2/W'].array.std())
    assert abs(std - (2 / (128 * 9)) ** 0.5) < 3e-3


def test_downsample_fb():
    model = NarrowResNet50(pretrained_model=None, downsample_fb=True)
    assert model.res3.a.conv1.stride == (1, 1) and model.res3.a.conv2.stride == (2, 2)


def test_invalid_depth():
    with pytest.raises(ValueError, match='should be either 50, 101, or 152, but 34 was given'):
        resnet.ResNetLayers(None, 34)


def test_unknown_layer(model):
    x = numpy.zeros((1, 3, 32, 32), numpy.float32)
    with pytest.raises(ValueError, match=r"unknown layer\(s\) \['res6'\].*'res5'"):
        model(x, layers=['res5', 'res6'])
    with pytest.raises(ValueError, match=r"unknown layer\(s\) \['res6'\].*'res5'"):
        model.extract([numpy.zeros((8, 8, 3), numpy.uint8)], layers=['res6'])


def test_forward(model):
    x = _x(2, 3, 64, 64) * 50
    with chainer.using_config('train', False):
        out = model(x, layers=['pool1', 'res2', 'pool5', 'fc6', 'prob'])
        h = F.relu(model.bn1(model.conv1(x)))
        pool1 = F.max_pooling_2d(h, 3, 2)
    testing.assert_allclose(out['pool1'].array, pool1.array, rtol=1e-5)
    assert out['res2'].shape == (2, 16, 16, 16)
    assert out['pool5'].shape == (2, 128)
    testing.assert_allclose(out['fc6'].array, model.fc6(out['pool5']).array, rtol=1e-5)
    testing.assert_allclose(out['prob'].array, F.softmax(out['fc6']).array, rtol=1e-5)


def test_batch_normalization_follows_the_train_mode(model):
    x = _x(2, 3, 32, 32)
    with chainer.using_config('train', False):
        test_mode = model(x, layers=['conv1'])['conv1'].array
    copy = model.copy(mode='copy')
    with chainer.using_config('train', True):
        train_mode = copy(x, layers=['conv1'])['conv1'].array
    assert not numpy.allclose(test_mode, train_mode)


@pytest.mark.usefixtures('needs_pillow')
def test_extract_and_prepare(model):
    images = [numpy.full((30, 40, 3), 100, numpy.uint8), numpy.zeros((30, 40), numpy.uint8)]
    features = model.extract(images, size=(64, 64))
    assert list(features) == ['pool5'] and features['pool5'].shape == (2, 128)
    prepared = resnet.prepare(images[0], size=None)
    testing.assert_allclose(prepared[:, 0, 0], [100 - 103.063, 100 - 115.903, 100 - 123.152],
                            rtol=1e-5)


@pytest.mark.usefixtures('needs_datasets')
def test_auto_without_caffemodel(tmp_path, monkeypatch):
    from chainer.dataset import download
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path))
    expected = tmp_path / 'pfnet' / 'chainer' / 'models' / 'ResNet-50-model.caffemodel'
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        with pytest.raises(OSError, match='place it on ' + str(expected)):
            NarrowResNet50()


def test_module_attribute_available(pillow_importable):
    # v7's test suites skip the image tests with `skipUnless(resnet.available, ...)`
    assert resnet.available is pillow_importable


@pytest.mark.usefixtures('no_file_access')
def test_no_pretrained_model_opens_no_file():
    model = NarrowResNet50(pretrained_model=None)
    assert all(param.array is not None for param in model.params())
    with chainer.using_config('train', False):
        y = model(numpy.zeros((1, 3, 64, 64), numpy.float32), layers=['pool5'])['pool5']
    assert y.shape[0] == 1
