"""ResNet50/101/152Layers from MSRA's caffemodel layout: conversion and the
pretrained_model='auto' caffemodel placed by hand."""

import shutil

import numpy
import pytest

import chainer
import chainer.links as L
from chainer import testing
from chainer.links.caffe import CaffeFunction
from chainer.links.model.vision import resnet

DIVISOR = 16
BLOCKS = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3)}


class NarrowResNet50(L.ResNet50Layers):
    _channel_divisor = DIVISOR


class NarrowResNet152(L.ResNet152Layers):
    _channel_divisor = DIVISOR


def build_resnet(net, n_layers):
    """MSRA's deploy network (res2a_branch2a, bn2a_branch2a, scale2a_branch2a, ...), narrow,
    with a global pool5 so that any input size works."""
    rng = numpy.random.RandomState(0)

    def conv_bn(name, suffix, bottom, in_channels, out_channels, ksize, stride, pad,
                relu=True, bias=False):
        w = rng.uniform(-1, 1, (out_channels, in_channels, ksize, ksize))
        w /= numpy.sqrt(in_channels * ksize * ksize)
        blobs = [w, rng.uniform(-.1, .1, out_channels)] if bias else [w]
        net.layer('Convolution', name, [bottom], [name], blobs, convolution_param=dict(
            num_output=out_channels, kernel_size=[ksize], stride=[stride], pad=[pad],
            bias_term=bias))
        # Caffe keeps unnormalized running sums and their normalizer.
        factor = 999.98
        net.layer('BatchNorm', 'bn' + suffix, [name], [name], [
            rng.uniform(-.1, .1, out_channels) * factor,
            rng.uniform(.5, 1.5, out_channels) * factor, [factor]],
            batch_norm_param=dict(use_global_stats=True))
        net.layer('Scale', 'scale' + suffix, [name], [name], [
            rng.uniform(.5, 1.5, out_channels), rng.uniform(-.1, .1, out_channels)],
            scale_param=dict(bias_term=True))
        if relu:
            net.layer('ReLU', name + '_relu', [name], [name])
        return name

    h = conv_bn('conv1', '_conv1', 'data', 3, 64 // DIVISOR, 7, 2, 3, bias=True)
    net.layer('Pooling', 'pool1', [h], ['pool1'], pooling_param=dict(kernel_size=3, stride=2))
    h, channels = 'pool1', 64 // DIVISOR
    stages = ((64, 256, 1), (128, 512, 2), (256, 1024, 2), (512, 2048, 2))
    for stage, (n, (mid, out, stride)) in enumerate(zip(BLOCKS[n_layers], stages), 2):
        mid, out = mid // DIVISOR, out // DIVISOR
        names = resnet._caffe_block_names(n, numbered=n > 6)
        for i, block in enumerate(names):
            prefix = f'{stage}{block}'
            first = i == 0
            s = stride if first else 1
            a = conv_bn(f'res{prefix}_branch2a', f'{prefix}_branch2a', h, channels, mid, 1, s, 0)
            b = conv_bn(f'res{prefix}_branch2b', f'{prefix}_branch2b', a, mid, mid, 3, 1, 1)
            c = conv_bn(f'res{prefix}_branch2c', f'{prefix}_branch2c', b, mid, out, 1, 1, 0,
                        relu=False)
            shortcut = (conv_bn(f'res{prefix}_branch1', f'{prefix}_branch1', h, channels, out,
                                1, s, 0, relu=False) if first else h)
            net.layer('Eltwise', f'res{prefix}', [shortcut, c], [f'res{prefix}'])
            net.layer('ReLU', f'res{prefix}_relu', [f'res{prefix}'], [f'res{prefix}'])
            h, channels = f'res{prefix}', out
    net.layer('Pooling', 'pool5', [h], ['pool5'],
              pooling_param=dict(pool=net.caffe_pb2.PoolingParameter.AVE, global_pooling=True))
    w = rng.uniform(-1, 1, (1000, channels)) / numpy.sqrt(channels)
    net.layer('InnerProduct', 'fc1000', ['pool5'], ['fc1000'], [w, rng.uniform(-.1, .1, 1000)],
              inner_product_param=dict(num_output=1000))
    net.layer('Softmax', 'prob', ['fc1000'], ['prob'])
    return h


def check_same_network(model, caffemodel_path, last_block):
    func = CaffeFunction(caffemodel_path)
    x = numpy.random.RandomState(5).uniform(-50, 50, (2, 3, 64, 64)).astype(numpy.float32)
    with chainer.using_config('train', False):
        ours = model(x, layers=['conv1', 'res5', 'fc6', 'prob'])
        theirs = func(inputs={'data': x}, outputs=['conv1', last_block, 'fc1000', 'prob'])
    for y, expected in zip(ours.values(), theirs):
        testing.assert_allclose(y.array, expected.array, rtol=1e-4, atol=1e-4)


def test_caffe_block_names():
    assert resnet._caffe_block_names(3, numbered=False) == ['a', 'b', 'c']
    assert resnet._caffe_block_names(4, numbered=True) == ['a', 'b1', 'b2', 'b3']


@pytest.mark.parametrize('cls, n_layers', [(NarrowResNet50, 50), (NarrowResNet152, 152)])
def test_convert_caffemodel_to_npz(net, tmp_path, cls, n_layers):
    last_block = build_resnet(net, n_layers)
    caffemodel = net.save()
    path = str(tmp_path / 'resnet.npz')
    cls.convert_caffemodel_to_npz(caffemodel, path, n_layers=n_layers)
    model = cls(pretrained_model=path)
    func = CaffeFunction(caffemodel)
    testing.assert_allclose(model.res2.a.bn4.avg_var, func['bn2a_branch1'].avg_var)
    sixth = 'f' if n_layers == 50 else 'b5'  # MSRA numbers the blocks of long stages
    testing.assert_allclose(model.res4.b5.bn2.gamma.array,
                            func[f'scale4{sixth}_branch2b'].W.array)
    check_same_network(model, caffemodel, last_block)


def test_auto_converts_the_caffemodel_placed_by_hand(net, dataset_root):
    last_block = build_resnet(net, 50)
    caffemodel = net.save()
    models = dataset_root / 'pfnet' / 'chainer' / 'models'
    models.mkdir(parents=True)
    shutil.copy(caffemodel, models / 'ResNet-50-model.caffemodel')
    check_same_network(NarrowResNet50(), caffemodel, last_block)
    assert (models / 'ResNet-50-model.npz').exists()
