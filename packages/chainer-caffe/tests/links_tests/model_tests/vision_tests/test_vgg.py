"""VGG16Layers / VGG19Layers from the VGG team's caffemodel layout: conversion and
pretrained_model='auto'."""

import shutil

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.links.caffe import CaffeFunction
from chainer.links.model.vision import vgg

DIVISOR = 16
BLOCKS = {16: (2, 2, 3, 3, 3), 19: (2, 2, 4, 4, 4)}


class NarrowVGG16(L.VGG16Layers):
    _channel_divisor = DIVISOR


class NarrowVGG19(L.VGG19Layers):
    _channel_divisor = DIVISOR


def build_vgg(net, n_layers):
    """The VGG team's deploy network (layer names conv1_1 ... fc8, prob), narrow."""
    rng = numpy.random.RandomState(0)
    h, channels = 'data', 3
    for block, (n_convs, width) in enumerate(zip(BLOCKS[n_layers],
                                                 (64, 128, 256, 512, 512)), 1):
        width //= DIVISOR
        for i in range(1, n_convs + 1):
            name = f'conv{block}_{i}'
            w = rng.uniform(-1, 1, (width, channels, 3, 3)) / numpy.sqrt(channels * 9)
            net.layer('Convolution', name, [h], [name], [w, rng.uniform(-.1, .1, width)],
                      convolution_param=dict(num_output=width, kernel_size=[3], pad=[1]))
            net.layer('ReLU', f'relu{block}_{i}', [name], [name])
            h, channels = name, width
        net.layer('Pooling', f'pool{block}', [h], [f'pool{block}'],
                  pooling_param=dict(kernel_size=2, stride=2))
        h = f'pool{block}'
    size = channels * 7 * 7
    for i, out_size in ((6, 4096 // DIVISOR), (7, 4096 // DIVISOR), (8, 1000)):
        w = rng.uniform(-1, 1, (out_size, size)) / numpy.sqrt(size)
        net.layer('InnerProduct', f'fc{i}', [h], [f'fc{i}'], [w, rng.uniform(-.1, .1, out_size)],
                  inner_product_param=dict(num_output=out_size))
        h, size = f'fc{i}', out_size
        if i < 8:
            net.layer('ReLU', f'relu{i}', [h], [h])
            net.layer('Dropout', f'drop{i}', [h], [h])
    net.layer('Softmax', 'prob', [h], ['prob'])


def check_same_network(model, caffemodel_path, n_layers):
    func = CaffeFunction(caffemodel_path)
    x = numpy.random.RandomState(5).uniform(-50, 50, (2, 3, 224, 224)).astype(numpy.float32)
    names = [f'conv5_{BLOCKS[n_layers][-1]}', 'pool5', 'fc7', 'fc8', 'prob']
    with chainer.using_config('train', False):
        ours = model(x, layers=names)
        theirs = func(inputs={'data': x}, outputs=names)
    for name, expected in zip(names, theirs):
        testing.assert_allclose(ours[name].array, expected.array, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize('cls, n_layers', [(NarrowVGG16, 16), (NarrowVGG19, 19)])
def test_convert_caffemodel_to_npz(net, tmp_path, cls, n_layers):
    build_vgg(net, n_layers)
    caffemodel = net.save()
    path = str(tmp_path / 'vgg.npz')
    cls.convert_caffemodel_to_npz(caffemodel, path)
    with numpy.load(path) as npz:
        assert len(npz.files) == 2 * (sum(BLOCKS[n_layers]) + 3)
    check_same_network(cls(pretrained_model=path), caffemodel, n_layers)


def test_auto_downloads_and_converts(net, file_server, dataset_root, monkeypatch):
    build_vgg(net, 16)
    caffemodel = net.save('VGG_ILSVRC_16_layers.caffemodel')
    shutil.copy(caffemodel, file_server.directory)
    npz_name, caffemodel_name, _ = vgg._PRETRAINED[16]
    monkeypatch.setitem(vgg._PRETRAINED, 16, (npz_name, caffemodel_name,
                                              file_server.url(caffemodel_name)))
    check_same_network(NarrowVGG16(), caffemodel, 16)
    assert file_server.requests == ['/VGG_ILSVRC_16_layers.caffemodel']
    assert (dataset_root / 'pfnet' / 'chainer' / 'models' / npz_name).exists()
