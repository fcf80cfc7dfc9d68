"""GoogLeNet from BVLC's caffemodel layout: conversion, pretrained_model='auto' (downloaded
from a local HTTP server, cached, placed by hand, offline), extract and predict with it."""

import shutil

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.links.caffe import CaffeFunction
from chainer.links.model.vision import googlenet

DIVISOR = 8
INCEPTIONS = [  # (in_channels, out1, proj3, out3, proj5, out5, proj_pool) of BVLC GoogLeNet
    ('3a', (192, 64, 96, 128, 16, 32, 32)), ('3b', (256, 128, 128, 192, 32, 96, 64)),
    ('4a', (480, 192, 96, 208, 16, 48, 64)), ('4b', (512, 160, 112, 224, 24, 64, 64)),
    ('4c', (512, 128, 128, 256, 24, 64, 64)), ('4d', (512, 112, 144, 288, 32, 64, 64)),
    ('4e', (528, 256, 160, 320, 32, 128, 128)), ('5a', (832, 256, 160, 320, 32, 128, 128)),
    ('5b', (832, 384, 192, 384, 48, 128, 128)),
]


class NarrowGoogLeNet(L.GoogLeNet):
    _channel_divisor = DIVISOR


def c(channels):
    return channels // DIVISOR


def build_googlenet(net):
    """BVLC's GoogLeNet (train_val layer names, with the auxiliary classifiers), narrow."""
    rng = numpy.random.RandomState(0)
    pool_method = net.caffe_pb2.PoolingParameter

    def conv(name, bottom, in_channels, out_channels, ksize, stride=1, pad=0):
        w = rng.uniform(-1, 1, (out_channels, in_channels, ksize, ksize))
        w /= numpy.sqrt(in_channels * ksize * ksize)
        net.layer('Convolution', name, [bottom], [name], [w, rng.uniform(-.1, .1, out_channels)],
                  convolution_param=dict(num_output=out_channels, kernel_size=[ksize],
                                         stride=[stride], pad=[pad]))
        net.layer('ReLU', name + '_relu', [name], [name])
        return name

    def fc(name, bottom, in_size, out_size):
        w = rng.uniform(-1, 1, (out_size, in_size)) / numpy.sqrt(in_size)
        net.layer('InnerProduct', name, [bottom], [name], [w, rng.uniform(-.1, .1, out_size)],
                  inner_product_param=dict(num_output=out_size))
        return name

    def pool(name, bottom, method, ksize, stride, pad=0):
        net.layer('Pooling', name, [bottom], [name], pooling_param=dict(
            pool=method, kernel_size=ksize, stride=stride, pad=pad))
        return name

    def lrn(name, bottom):
        net.layer('LRN', name, [bottom], [name],
                  lrn_param=dict(local_size=5, alpha=1e-4, beta=0.75))
        return name

    def auxiliary(prefix, bottom, in_channels):
        h = pool(prefix + '/ave_pool', bottom, pool_method.AVE, 5, 3)
        h = conv(prefix + '/conv', h, in_channels, c(128), 1)
        h = fc(prefix + '/fc', h, c(2048), c(1024))
        net.layer('ReLU', prefix + '/relu_fc', [h], [h])
        net.layer('Dropout', prefix + '/drop_fc', [h], [h], dropout_param=dict(dropout_ratio=.7))
        fc(prefix + '/classifier', h, c(1024), 1000)

    h = conv('conv1/7x7_s2', 'data', 3, c(64), 7, 2, 3)
    h = lrn('pool1/norm1', pool('pool1/3x3_s2', h, pool_method.MAX, 3, 2))
    h = conv('conv2/3x3_reduce', h, c(64), c(64), 1)
    h = lrn('conv2/norm2', conv('conv2/3x3', h, c(64), c(192), 3, 1, 1))
    h = pool('pool2/3x3_s2', h, pool_method.MAX, 3, 2)
    for name, channels in INCEPTIONS:
        cin, out1, proj3, out3, proj5, out5, proj_pool = map(c, channels)
        prefix = 'inception_' + name
        branches = [
            conv(prefix + '/1x1', h, cin, out1, 1),
            conv(prefix + '/3x3', conv(prefix + '/3x3_reduce', h, cin, proj3, 1),
                 proj3, out3, 3, 1, 1),
            conv(prefix + '/5x5', conv(prefix + '/5x5_reduce', h, cin, proj5, 1),
                 proj5, out5, 5, 1, 2),
            conv(prefix + '/pool_proj', pool(prefix + '/pool', h, pool_method.MAX, 3, 1, 1),
                 cin, proj_pool, 1),
        ]
        net.layer('Concat', prefix + '/output', branches, [prefix + '/output'])
        h = prefix + '/output'
        if name in ('3b', '4e'):
            h = pool(f'pool{name[0]}/3x3_s2', h, pool_method.MAX, 3, 2)
        if name == '4a':
            auxiliary('loss1', h, c(512))
        if name == '4d':
            auxiliary('loss2', h, c(528))
    h = pool('pool5/7x7_s1', h, pool_method.AVE, 7, 1)
    net.layer('Dropout', 'pool5/drop_7x7_s1', [h], [h], dropout_param=dict(dropout_ratio=.4))
    net.layer('Softmax', 'prob', [fc('loss3/classifier', h, c(1024), 1000)], ['prob'])


# zoo layer -> Caffe blob
OUTPUTS = {'pool1': 'pool1/norm1', 'inception_4a': 'inception_4a/output',
           'pool5': 'pool5/7x7_s1', 'loss3_fc': 'loss3/classifier', 'prob': 'prob',
           'loss1_fc2': 'loss1/classifier', 'loss2_fc2': 'loss2/classifier'}


def check_same_network(model, caffemodel_path):
    func = CaffeFunction(caffemodel_path)
    x = numpy.random.RandomState(5).uniform(-50, 50, (2, 3, 224, 224)).astype(numpy.float32)
    with chainer.using_config('train', False):
        ours = model(x, layers=list(OUTPUTS))
        theirs = func(inputs={'data': x}, outputs=list(OUTPUTS.values()))
    for (name, y), expected in zip(ours.items(), theirs):
        assert y.shape == expected.shape, name
        testing.assert_allclose(y.array, expected.array, rtol=1e-4, atol=1e-4)


@pytest.fixture
def caffemodel(net):
    build_googlenet(net)
    return net.save('bvlc_googlenet.caffemodel')


def test_convert_caffemodel_to_npz(caffemodel, tmp_path):
    path = str(tmp_path / 'googlenet.npz')
    NarrowGoogLeNet.convert_caffemodel_to_npz(caffemodel, path)
    model = NarrowGoogLeNet(pretrained_model=path)
    func = CaffeFunction(caffemodel)
    testing.assert_allclose(model.inc4b.proj5.W.array, func['inception_4b/5x5_reduce'].W.array)
    testing.assert_allclose(model.loss2_fc1.b.array, func['loss2/fc'].b.array)
    check_same_network(model, caffemodel)


def test_auto_downloads_converts_and_caches(caffemodel, file_server, dataset_root,
                                            monkeypatch, capsys):
    shutil.copy(caffemodel, file_server.directory)
    monkeypatch.setattr(googlenet, '_URL', file_server.url('bvlc_googlenet.caffemodel'))
    model = NarrowGoogLeNet()
    assert file_server.requests == ['/bvlc_googlenet.caffemodel']
    assert 'Now loading caffemodel' in capsys.readouterr().err
    assert (dataset_root / 'pfnet' / 'chainer' / 'models' / 'bvlc_googlenet.npz').exists()
    check_same_network(model, caffemodel)
    again = NarrowGoogLeNet()
    assert len(file_server.requests) == 1
    testing.assert_allclose(again.conv1.W.array, model.conv1.W.array)


def test_auto_model_extracts_and_predicts_as_the_caffemodel(caffemodel, file_server,
                                                           dataset_root, monkeypatch):
    # the weights fetched from the server give the caffemodel's features and probabilities
    pytest.importorskip('PIL', reason='prepare needs Pillow (chainer-links[image])')
    shutil.copy(caffemodel, file_server.directory)
    monkeypatch.setattr(googlenet, '_URL', file_server.url('bvlc_googlenet.caffemodel'))
    model = NarrowGoogLeNet()
    func = CaffeFunction(caffemodel)
    rng = numpy.random.RandomState(3)
    images = [rng.randint(0, 256, (40, 50, 3)).astype(numpy.uint8) for _ in range(2)]
    with chainer.using_config('train', False):
        features = model.extract(images, layers=['pool5'])['pool5']
        x = numpy.asarray([googlenet.prepare(image) for image in images])
        expected, = func(inputs={'data': x}, outputs=['pool5/7x7_s1'])
        testing.assert_allclose(features.array, expected.array, rtol=1e-4, atol=1e-4)
        probabilities = model.predict(images, oversample=False)
        x = numpy.asarray([googlenet.prepare(image, size=(256, 256)) for image in images])
        expected, = func(inputs={'data': x[:, :, 16:240, 16:240]}, outputs=['prob'])
    testing.assert_allclose(probabilities.array, expected.array, rtol=1e-4, atol=1e-5)
    assert file_server.requests == ['/bvlc_googlenet.caffemodel']


def test_auto_uses_a_caffemodel_placed_by_hand(caffemodel, dataset_root, monkeypatch):
    monkeypatch.setattr(googlenet, '_URL', 'http://127.0.0.1:1/bvlc_googlenet.caffemodel')
    models = dataset_root / 'pfnet' / 'chainer' / 'models'
    models.mkdir(parents=True)
    shutil.copy(caffemodel, models / 'bvlc_googlenet.caffemodel')
    check_same_network(NarrowGoogLeNet(), caffemodel)


def test_auto_offline_names_the_file_to_place(dataset_root, monkeypatch):
    monkeypatch.setattr(googlenet, '_URL', 'http://127.0.0.1:1/bvlc_googlenet.caffemodel')
    expected = dataset_root / 'pfnet' / 'chainer' / 'models' / 'bvlc_googlenet.caffemodel'
    with pytest.raises(OSError, match=f'cannot download .*place it at {expected}'):
        NarrowGoogLeNet()
    assert not (expected.parent / 'bvlc_googlenet.npz').exists()
