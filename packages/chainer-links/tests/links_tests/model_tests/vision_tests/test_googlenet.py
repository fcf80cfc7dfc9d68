"""GoogLeNet with pretrained_model=None or an npz: architecture, forward (with the auxiliary
classifiers), extract, predict and prepare."""

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.links.model.vision import googlenet

LAYERS = ['conv1', 'pool1', 'conv2_reduce', 'conv2', 'pool2', 'inception_3a', 'inception_3b',
          'pool3', 'inception_4a', 'inception_4b', 'inception_4c', 'inception_4d',
          'inception_4e', 'pool4', 'inception_5a', 'inception_5b', 'pool5', 'loss3_fc', 'prob',
          'loss1_fc2', 'loss2_fc2']


class NarrowGoogLeNet(L.GoogLeNet):
    """GoogLeNet's architecture with 8 times fewer channels."""
    _channel_divisor = 8


@pytest.fixture(scope='module')
def model():
    numpy.random.seed(0)
    return NarrowGoogLeNet(pretrained_model=None)


@pytest.fixture(scope='module')
def x():
    return numpy.random.RandomState(2).uniform(-1, 1, (2, 3, 224, 224)).astype(numpy.float32)


def test_architecture():
    model = L.GoogLeNet(pretrained_model=None)
    params = dict(model.namedparams())
    assert len(params) == 128
    assert params['/conv1/W'].shape == (64, 3, 7, 7)
    assert params['/inc3a/conv1/W'].shape == (64, 192, 1, 1)
    assert params['/inc5b/conv5/W'].shape == (128, 48, 5, 5)
    assert params['/loss3_fc/W'].shape == (1000, 1024)
    assert params['/loss2_conv/W'].shape == (128, 528, 1, 1)
    assert params['/loss1_fc1/W'].shape == (1024, 2048)
    # LeCunUniform(1.0): uniform in +-sqrt(3 / fan_in), so std = 1 / sqrt(fan_in)
    assert abs(float(params['/loss1_fc1/W'].array.std()) - 2048 ** -0.5) < 1e-3
    assert model.available_layers == LAYERS


def test_forward(model, x):
    with chainer.using_config('train', False):
        out = model(x, layers=['pool1', 'inception_3a', 'pool5', 'prob'])
    assert out['pool1'].shape == (2, 8, 56, 56)
    h = F.max_pooling_2d(F.relu(model.conv1(x)), 3, 2)
    expected = F.local_response_normalization(h, n=5, k=1, alpha=1e-4 / 5)
    testing.assert_allclose(out['pool1'].array, expected.array, rtol=1e-5, atol=1e-6)
    assert out['inception_3a'].shape == (2, 32, 28, 28)
    assert out['pool5'].shape == (2, 128, 1, 1)
    testing.assert_allclose(out['prob'].array,
                            F.softmax(model.loss3_fc(out['pool5'])).array, rtol=1e-5)


@pytest.mark.parametrize('branch, source', [('loss1', 'inception_4a'),
                                            ('loss2', 'inception_4d')])
def test_auxiliary_classifiers(model, x, branch, source):
    with chainer.using_config('train', False):
        out = model(x, layers=[source, branch + '_fc2'])
    h = F.average_pooling_2d(out[source], 5, 3)
    h = F.relu(getattr(model, branch + '_conv')(h))
    h = F.relu(getattr(model, branch + '_fc1')(h))
    expected = getattr(model, branch + '_fc2')(h)
    testing.assert_allclose(out[branch + '_fc2'].array, expected.array, rtol=1e-5, atol=1e-6)


def test_unknown_layer_and_removed_arguments(model, x):
    with pytest.raises(ValueError, match=r"unknown layer\(s\) \['loss4'\]"):
        model(x, layers=['loss4'])
    with pytest.raises(ValueError, match=r"unknown layer\(s\) \['loss4'\].*'inception_3a'"):
        model.extract([numpy.zeros((8, 8, 3), numpy.uint8)], layers=['loss4'])
    with pytest.raises(ValueError, match='train argument is not supported anymore'):
        model(x, layers=['conv1'], train=False)
    with pytest.raises(TypeError):
        model(x, layers=['conv1'], test=True)
    with pytest.raises(ValueError, match='volatile argument is not supported anymore'):
        model.extract([], volatile=True)


@pytest.mark.usefixtures('needs_pillow')
def test_extract_and_predict(model):
    rng = numpy.random.RandomState(1)
    images = [rng.randint(0, 256, (40, 50, 3)).astype(numpy.uint8) for _ in range(2)]
    with chainer.using_config('train', False):
        features = model.extract(images)
    assert list(features) == ['pool5'] and features['pool5'].shape == (2, 128, 1, 1)
    x = numpy.asarray([googlenet.prepare(image) for image in images])
    with chainer.using_config('train', False):
        expected = model(x, layers=['pool5'])['pool5']
    testing.assert_allclose(features['pool5'].array, expected.array, rtol=1e-5)
    prob = model.predict(images, oversample=False)
    assert prob.shape == (2, 1000)
    testing.assert_allclose(prob.array.sum(axis=1), numpy.ones(2), rtol=1e-5)


@pytest.mark.usefixtures('needs_pillow')
def test_prepare_mean():
    image = numpy.full((4, 5, 3), 200, numpy.uint8)
    out = googlenet.prepare(image, size=None)
    testing.assert_allclose(out[:, 0, 0], [200 - 104.0, 200 - 117.0, 200 - 123.0])


def test_module_attribute_available(pillow_importable):
    # v7's test suites skip the image tests with `skipUnless(googlenet.available, ...)`
    assert googlenet.available is pillow_importable


@pytest.mark.usefixtures('no_file_access')
def test_no_pretrained_model_opens_no_file():
    model = NarrowGoogLeNet(pretrained_model=None)
    assert all(param.array is not None for param in model.params())
    with chainer.using_config('train', False):
        x = numpy.zeros((1, 3, 64, 64), numpy.float32)
        y = model(x, layers=['inception_3a'])['inception_3a']
    assert y.shape[0] == 1
