"""CaffeFunction: each supported layer type against a NumPy reference of Caffe's definition."""

import math
import pickle
import warnings

import numpy
import pytest

import chainer
from chainer import gradient_check
from chainer import testing
from chainer.links.caffe import CaffeFunction


def _rand(*shape, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(numpy.float32)


def _run(func, inputs, outputs, train=False):
    with chainer.using_config('train', train):
        return [chainer.as_array(y) for y in func(inputs=inputs, outputs=outputs)]


def _out_size(size, k, s, p, d=1):
    return (size + 2 * p - (d * (k - 1) + 1)) // s + 1


def conv_reference(x, w, b, stride, pad, dilate, group):
    """Caffe's Convolution: weight (out, in / group, kh, kw)."""
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    (sh, sw), (ph, pw), (dh, dw) = stride, pad, dilate
    xp = numpy.pad(x.astype(numpy.float64), ((0, 0), (0, 0), (ph, ph), (pw, pw)))
    oh, ow = _out_size(h, kh, sh, ph, dh), _out_size(wd, kw, sw, pw, dw)
    y = numpy.zeros((n, o, oh, ow))
    og = o // group
    for g in range(group):
        xs = xp[:, g * cg:(g + 1) * cg]
        for i in range(kh):
            for j in range(kw):
                patch = xs[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh,
                           j * dw:j * dw + sw * (ow - 1) + 1:sw]
                y[:, g * og:(g + 1) * og] += numpy.einsum(
                    'nchw,oc->nohw', patch, w[g * og:(g + 1) * og, :, i, j])
    if b is not None:
        y += b.reshape(1, -1, 1, 1)
    return y


def deconv_reference(x, w, b, stride, pad, group):
    """Caffe's Deconvolution: weight (in, out / group, kh, kw)."""
    n, c, h, wd = x.shape
    _, og, kh, kw = w.shape
    (sh, sw), (ph, pw) = stride, pad
    full = numpy.zeros((n, og * group, (h - 1) * sh + kh, (wd - 1) * sw + kw))
    cg = c // group
    for g in range(group):
        for i in range(kh):
            for j in range(kw):
                contrib = numpy.einsum('nchw,co->nohw', x[:, g * cg:(g + 1) * cg],
                                       w[g * cg:(g + 1) * cg, :, i, j])
                full[:, g * og:(g + 1) * og, i:i + sh * (h - 1) + 1:sh,
                     j:j + sw * (wd - 1) + 1:sw] += contrib
    y = full[:, :, ph:full.shape[2] - ph, pw:full.shape[3] - pw]
    if b is not None:
        y = y + b.reshape(1, -1, 1, 1)
    return y


def pooling_reference(x, method, kernel, stride, pad, ceil_mode=True):
    """Caffe's PoolingLayer::Forward_cpu for MAX and AVE."""
    n, c, h, w = x.shape
    (kh, kw), (sh, sw), (ph, pw) = kernel, stride, pad

    def pooled(size, k, s, p):
        out = (math.ceil if ceil_mode else math.floor)((size + 2 * p - k) / s) + 1
        if p and (out - 1) * s >= size + p:
            out -= 1
        return out

    oh, ow = pooled(h, kh, sh, ph), pooled(w, kw, sw, pw)
    y = numpy.zeros((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            hs, ws = i * sh - ph, j * sw - pw
            if method == 'MAX':
                he, we = min(hs + kh, h), min(ws + kw, w)
                hs, ws = max(hs, 0), max(ws, 0)
                y[:, :, i, j] = x[:, :, hs:he, ws:we].max(axis=(2, 3))
            else:
                he, we = min(hs + kh, h + ph), min(ws + kw, w + pw)
                size = (he - hs) * (we - ws)
                hs, ws, he, we = max(hs, 0), max(ws, 0), min(he, h), min(we, w)
                y[:, :, i, j] = x[:, :, hs:he, ws:we].sum(axis=(2, 3)) / size
    return y


def lrn_reference(x, size, alpha, beta, k):
    x = x.astype(numpy.float64)
    half = size // 2
    padded = numpy.pad(x * x, ((0, 0), (half, half), (0, 0), (0, 0)))
    window = sum(padded[:, i:i + x.shape[1]] for i in range(size))
    return x * (k + alpha / size * window) ** -beta


@testing.parameterize(*testing.product({
    'geometry': [
        dict(kernel_size=[3], pad=[1]),
        dict(kernel_h=3, kernel_w=2, stride_h=2, stride_w=1, pad_h=1, pad_w=0),
        dict(kernel_size=[3, 2], stride=[1, 2], pad=[0, 1]),
        dict(kernel_size=[3], dilation=[2], pad=[2]),
    ],
    'group': [1, 2],
    'bias_term': [True, False],
}))
class TestConvolution:

    def test_forward(self, net):
        kh, kw = (self.geometry.get('kernel_h') or self.geometry['kernel_size'][0],
                  self.geometry.get('kernel_w') or self.geometry['kernel_size'][-1])
        w = _rand(6, 4 // self.group, kh, kw, seed=1)
        b = _rand(6, seed=2)
        blobs = [w, b] if self.bias_term else [w]
        net.layer('Convolution', 'conv1', ['data'], ['y'], blobs,
                  convolution_param=dict(num_output=6, group=self.group,
                                         bias_term=self.bias_term, **self.geometry))
        func = net.load()
        x = _rand(2, 4, 7, 8)
        y, = _run(func, {'data': x}, ['y'])
        stride = (self.geometry.get('stride_h', (self.geometry.get('stride') or [1])[0]),
                  self.geometry.get('stride_w', (self.geometry.get('stride') or [1])[-1]))
        pad = (self.geometry.get('pad_h', (self.geometry.get('pad') or [0])[0]),
               self.geometry.get('pad_w', (self.geometry.get('pad') or [0])[-1]))
        dilation = (self.geometry.get('dilation') or [1]) * 2
        expected = conv_reference(x, w, b if self.bias_term else None, stride, pad,
                                  dilation[:2], self.group)
        testing.assert_allclose(y, expected, atol=1e-4, rtol=1e-4)
        # As in Chainer v7, a grouped weight is loaded as a dense block-diagonal one.
        assert func.conv1.W.shape == (6, 4, kh, kw)
        assert (func.conv1.b is not None) == self.bias_term


@testing.parameterize(*testing.product({
    'group': [1, 2],
    'stride': [1, 2],
    'pad': [0, 1],
}))
class TestDeconvolution:

    def test_forward(self, net):
        w = _rand(4, 6 // self.group, 3, 3, seed=1)
        b = _rand(6, seed=2)
        net.layer('Deconvolution', 'up', ['data'], ['y'], [w, b],
                  convolution_param=dict(num_output=6, kernel_size=[3], group=self.group,
                                         stride=[self.stride], pad=[self.pad]))
        func = net.load()
        x = _rand(2, 4, 3, 5)
        y, = _run(func, {'data': x}, ['y'])
        expected = deconv_reference(x, w, b, (self.stride,) * 2, (self.pad,) * 2, self.group)
        testing.assert_allclose(y, expected, atol=1e-4, rtol=1e-4)
        assert func.up.W.shape == (4, 6, 3, 3)


class TestInnerProduct:

    @pytest.mark.parametrize('legacy', [False, True])
    def test_forward(self, net, legacy):
        w, b = _rand(5, 24, seed=1), _rand(5, seed=2)
        net.layer('InnerProduct', 'fc', ['data'], ['y'],
                  [net.blob(w, legacy=legacy), net.blob(b, legacy=legacy)],
                  inner_product_param=dict(num_output=5))
        func = net.load()
        x = _rand(3, 2, 3, 4)
        y, = _run(func, {'data': x}, ['y'])
        testing.assert_allclose(y, x.reshape(3, 24) @ w.T + b, atol=1e-5, rtol=1e-5)
        assert func.fc.W.shape == (5, 24)

    def test_transpose_no_bias(self, net):
        w = _rand(4, 5, seed=1)  # (input, output) when transpose is set
        net.layer('InnerProduct', 'fc', ['data'], ['y'], [w],
                  inner_product_param=dict(num_output=5, bias_term=False, transpose=True))
        func = net.load()
        x = _rand(3, 4)
        y, = _run(func, {'data': x}, ['y'])
        testing.assert_allclose(y, x @ w, atol=1e-5, rtol=1e-5)
        assert func.fc.b is None

    @pytest.mark.parametrize('axis', [0, 2, -1])
    def test_non_default_axis_is_not_supported(self, net, axis):
        # As in v7: a RuntimeError, raised before the blobs and bottoms are looked at.
        net.layer('InnerProduct', 'fc', [], [], inner_product_param=dict(axis=axis))
        with pytest.raises(RuntimeError, match=f"'fc'.*axis {axis} is not supported"):
            net.load()

    @pytest.mark.parametrize('shape', [(6,), (1, 2, 3), (1, 1, 1, 2, 3)])
    def test_weight_of_other_dimensions_is_not_supported(self, net, shape):
        blob = net.caffe_pb2.BlobProto()
        blob.shape.dim.extend(shape)  # no data: the dimensions are checked first, as in v7
        net.layer('InnerProduct', 'fc', [], [], [blob])
        with pytest.raises(RuntimeError, match=f"'fc'.*{len(shape)} dimensions"):
            net.load()


class TestBlobsWithoutFullShape:
    """Blobs that leave dimensions 0 (or give no shape) but hold data are read as Chainer v7
    reads them, taking the missing dimensions from the layer's parameters."""

    @staticmethod
    def legacy_blob(net, values, **dims):
        blob = net.caffe_pb2.BlobProto(**dims)
        blob.data.extend(numpy.asarray(values, numpy.float32).ravel().tolist())
        return blob

    def test_convolution(self, net):
        # (num, channels) in the blob, the kernel size in the layer; grouped, as v7 tests it.
        w = numpy.arange(96, dtype=numpy.float32).reshape(6, 4, 2, 2)
        b = numpy.arange(6, dtype=numpy.float32)
        net.layer('Convolution', 'conv', ['data'], ['y'],
                  [self.legacy_blob(net, w, num=6, channels=4), self.legacy_blob(net, b)],
                  convolution_param=dict(kernel_size=[2], stride=[2], pad=[1], group=3))
        func = net.load()
        assert func.conv.W.shape == (6, 12, 2, 2)
        assert func.conv.ksize == 2  # as v7 passes a single kernel_size
        for g in range(3):
            testing.assert_allclose(func.conv.W.array[2 * g:2 * g + 2, 4 * g:4 * g + 4],
                                    w[2 * g:2 * g + 2])
        testing.assert_allclose(func.conv.b.array, b)
        x = _rand(2, 12, 5, 5)
        y, = _run(func, {'data': x}, ['y'])
        testing.assert_allclose(y, conv_reference(x, w, b, (2, 2), (1, 1), (1, 1), 3),
                                rtol=1e-4)

    def test_deconvolution(self, net):
        w = _rand(4, 3, 2, 2, seed=1)
        net.layer('Deconvolution', 'up', ['data'], ['y'],
                  [self.legacy_blob(net, w, num=4, channels=3), self.legacy_blob(net, [1, 2, 3])],
                  convolution_param=dict(kernel_size=[2], num_output=3))
        func = net.load()
        x = _rand(2, 4, 3, 3)
        y, = _run(func, {'data': x}, ['y'])
        testing.assert_allclose(y, deconv_reference(x, w, numpy.array([1., 2., 3.]), (1, 1),
                                                    (0, 0), 1), atol=1e-5, rtol=1e-5)

    def test_inner_product(self, net):
        w = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
        net.layer('InnerProduct', 'fc', ['data'], ['y'],
                  [self.legacy_blob(net, w, height=2, width=3),
                   self.legacy_blob(net, [1, 2], width=2)])
        func = net.load()
        testing.assert_allclose(func.fc.W.array, w)
        testing.assert_allclose(func.fc.b.array, [1, 2])

    def test_batch_norm_and_scale(self, net):
        net.layer('BatchNorm', 'bn', ['data'], ['h'],
                  [self.legacy_blob(net, [10, 20, 30]), self.legacy_blob(net, [1, 2, 3]),
                   self.legacy_blob(net, [4])])
        net.layer('Scale', 'scale', ['h'], ['y'],
                  [self.legacy_blob(net, [1, 2, 3]), self.legacy_blob(net, [4, 5, 6])],
                  scale_param=dict(bias_term=True))
        func = net.load()
        testing.assert_allclose(func.bn.avg_mean, [2.5, 5, 7.5])
        testing.assert_allclose(func.bn.avg_var, [0.25, 0.5, 0.75])
        testing.assert_allclose(func.scale.W.array, [1, 2, 3])
        testing.assert_allclose(func.scale.bias.b.array, [4, 5, 6])

    def test_values_that_do_not_fill_the_shape(self, net):
        net.layer('Convolution', 'conv', ['data'], ['y'],
                  [self.legacy_blob(net, range(10), num=2, channels=1)],
                  convolution_param=dict(kernel_size=[2], bias_term=False))
        with pytest.raises(ValueError, match=r"'conv'.*weight blob holds 10 values, which do "
                                             r"not fill the shape \(2, 1, 2, 2\)"):
            net.load()

    def test_shape_without_data(self, net):
        blob = net.caffe_pb2.BlobProto()
        blob.shape.dim.extend([2, 1, 2, 2])
        net.layer('Convolution', 'conv', ['data'], ['y'], [blob],
                  convolution_param=dict(kernel_size=[2], bias_term=False))
        with pytest.raises(ValueError, match=r"'conv'.*blob 0: shape \(2, 1, 2, 2\) needs 8 "
                                             'values but the blob holds 0'):
            net.load()


@testing.parameterize(*testing.product({
    'method': ['MAX', 'AVE'],
    'geometry': [
        dict(kernel_size=3, stride=2),  # ceil rounding adds a partial window
        dict(kernel_size=3, stride=2, pad=1),
        dict(kernel_size=2, stride=2, pad=1),  # the last window would start in the padding
        dict(kernel_h=3, kernel_w=2, stride_h=1, stride_w=2, pad_h=1, pad_w=0),
        dict(kernel_size=2),
    ],
    'round_mode': ['CEIL', 'FLOOR'],
    'size': [(5, 7), (6, 6)],
}))
class TestPooling:

    def test_forward(self, net):
        param = net.caffe_pb2.PoolingParameter
        net.layer('Pooling', 'pool', ['data'], ['y'], pooling_param=dict(
            pool=param.PoolMethod.Value(self.method),
            round_mode=param.RoundMode.Value(self.round_mode), **self.geometry))
        func = net.load()
        x = _rand(2, 3, *self.size)
        y, = _run(func, {'data': x}, ['y'])
        g = self.geometry
        kernel = (g.get('kernel_h', g.get('kernel_size')), g.get('kernel_w', g.get('kernel_size')))
        stride = (g.get('stride_h', g.get('stride', 1)), g.get('stride_w', g.get('stride', 1)))
        pad = (g.get('pad_h', g.get('pad', 0)), g.get('pad_w', g.get('pad', 0)))
        expected = pooling_reference(x, self.method, kernel, stride, pad,
                                     self.round_mode == 'CEIL')
        testing.assert_allclose(y, expected, atol=1e-5, rtol=1e-5)

    def test_backward(self, net):
        param = net.caffe_pb2.PoolingParameter
        net.layer('Pooling', 'pool', ['data'], ['y'], pooling_param=dict(
            pool=param.PoolMethod.Value(self.method),
            round_mode=param.RoundMode.Value(self.round_mode), **self.geometry))
        func = net.load()
        # Distinct values keep the max unambiguous for numerical differentiation.
        x = numpy.random.RandomState(3).permutation(
            2 * 3 * self.size[0] * self.size[1]).reshape(2, 3, *self.size) * 0.1
        y, = func(inputs={'data': x}, outputs=['y'])
        gy = _rand(*y.shape, seed=4).astype(numpy.float64)
        gradient_check.check_backward(
            lambda x: func(inputs={'data': x}, outputs=['y'])[0], x, gy, eps=1e-3)


@pytest.mark.parametrize('method', ['MAX', 'AVE'])
def test_global_pooling(net, method):
    param = net.caffe_pb2.PoolingParameter
    net.layer('Pooling', 'pool', ['data'], ['y'],
              pooling_param=dict(pool=param.PoolMethod.Value(method), global_pooling=True))
    x = _rand(2, 3, 5, 4)
    y, = _run(net.load(), {'data': x}, ['y'])
    reduce = numpy.max if method == 'MAX' else numpy.mean
    testing.assert_allclose(y, reduce(x, axis=(2, 3), keepdims=True), atol=1e-6)


def test_lrn(net):
    net.layer('LRN', 'norm', ['data'], ['y'], lrn_param=dict(
        local_size=3, alpha=0.5, beta=0.75, k=2))
    x = _rand(2, 5, 4, 4) * 3
    y, = _run(net.load(), {'data': x}, ['y'])
    expected = lrn_reference(x, 3, 0.5, 0.75, 2)
    testing.assert_allclose(y, expected, atol=1e-5, rtol=1e-4)


def test_within_channel_lrn_is_not_supported(net):
    net.layer('LRN', 'norm', [], [], lrn_param=dict(
        norm_region=net.caffe_pb2.LRNParameter.WITHIN_CHANNEL))
    with pytest.raises(RuntimeError, match="'norm'.*within-channel LRN is not supported"):
        net.load()


@testing.parameterize(*testing.product({
    'use_global_stats': [None, True],
    'factor': [2.0, 0.0, None],
}))
class TestBatchNorm:

    def test_forward(self, net):
        mean, var = _rand(3, seed=1), _rand(3, seed=2) + 1.5
        blobs = [mean, var] + ([numpy.array([self.factor])] if self.factor is not None else [])
        param = dict(eps=1e-4, moving_average_fraction=0.9)
        if self.use_global_stats is not None:
            param['use_global_stats'] = self.use_global_stats
        net.layer('BatchNorm', 'bn', ['data'], ['y'], blobs, batch_norm_param=param)
        func = net.load()
        x = _rand(4, 3, 2, 2)
        scale = 1.0 if self.factor is None else (0.0 if self.factor == 0 else 1 / self.factor)
        y, = _run(func, {'data': x}, ['y'])
        expected = (x - (mean * scale).reshape(1, 3, 1, 1)) / numpy.sqrt(
            (var * scale).reshape(1, 3, 1, 1) + 1e-4)
        testing.assert_allclose(y, expected, atol=1e-4, rtol=1e-4)
        assert func.bn.decay == pytest.approx(0.9)
        # In the TRAIN phase the layer uses the batch statistics unless use_global_stats.
        y_train, = _run(func, {'data': x}, ['y'], train=True)
        if self.use_global_stats:
            testing.assert_allclose(y_train, expected, atol=1e-4, rtol=1e-4)
        else:
            batch_mean = x.mean(axis=(0, 2, 3), keepdims=True)
            batch_var = x.var(axis=(0, 2, 3), keepdims=True)
            testing.assert_allclose(y_train, (x - batch_mean) / numpy.sqrt(batch_var + 1e-4),
                                    atol=1e-4, rtol=1e-4)


def test_batch_norm_default_decay_and_eps(net):
    # The schema's defaults as v7 reads them (0.999, 1e-5), not their float32 values.
    net.layer('BatchNorm', 'bn', ['data'], ['y'], [_rand(3), _rand(3) + 2, numpy.ones(1)])
    func = net.load()
    assert func.bn.decay == 0.999
    assert func.bn.eps == 1e-5


class TestScaleAndBias:

    @pytest.mark.parametrize('bias_term', [False, True])
    def test_learned_scale(self, net, bias_term):
        w, b = _rand(3, 4, seed=1), _rand(3, 4, seed=2)
        net.layer('Scale', 'sc', ['data'], ['y'], [w, b] if bias_term else [w],
                  scale_param=dict(axis=1, num_axes=2, bias_term=bias_term))
        func = net.load()
        x = _rand(2, 3, 4, 5)
        y, = _run(func, {'data': x}, ['y'])
        expected = x * w[None, :, :, None] + (b[None, :, :, None] if bias_term else 0)
        testing.assert_allclose(y, expected, atol=1e-6)
        assert func.sc.W.shape == (3, 4)

    @pytest.mark.parametrize('bias_term', [False, True])
    def test_scale_from_second_bottom(self, net, bias_term):
        b = _rand(2, seed=2)
        net.layer('Scale', 'sc', ['data', 'factor'], ['y'], [b] if bias_term else [],
                  scale_param=dict(axis=0, bias_term=bias_term))
        x, factor = _rand(2, 3, 4), _rand(2, seed=5)
        y, = _run(net.load(), {'data': x, 'factor': factor}, ['y'])
        expected = x * factor[:, None, None] + (b[:, None, None] if bias_term else 0)
        testing.assert_allclose(y, expected, atol=1e-6)

    def test_bias(self, net):
        b = _rand(3, seed=2)
        net.layer('Bias', 'bias', ['data'], ['y'], [b])
        net.layer('Bias', 'bias2', ['y', 'other'], ['z'])
        x, other = _rand(2, 3, 4), _rand(3, 4, seed=6)
        y, z = _run(net.load(), {'data': x, 'other': other}, ['y', 'z'])
        testing.assert_allclose(y, x + b[:, None], atol=1e-6)
        testing.assert_allclose(z, x + b[:, None] + other, atol=1e-6)


class TestElementwiseLayers:

    def check(self, net, type, expected, x, **params):
        net.layer(type, 'layer', ['data'], ['y'], **params)
        y, = _run(net.load(), {'data': x}, ['y'])
        testing.assert_allclose(y, expected, atol=1e-5, rtol=1e-5)

    def test_relu(self, net):
        x = _rand(3, 4)
        self.check(net, 'ReLU', numpy.maximum(x, 0), x)

    def test_leaky_relu(self, net):
        x = _rand(3, 4)
        self.check(net, 'ReLU', numpy.where(x > 0, x, 0.1 * x), x,
                   relu_param=dict(negative_slope=0.1))

    def test_sigmoid(self, net):
        x = _rand(3, 4)
        self.check(net, 'Sigmoid', 1 / (1 + numpy.exp(-x)), x)

    def test_tanh(self, net):
        x = _rand(3, 4)
        self.check(net, 'TanH', numpy.tanh(x), x)

    def test_elu(self, net):
        x = _rand(3, 4)
        self.check(net, 'ELU', numpy.where(x > 0, x, 0.5 * (numpy.exp(x) - 1)), x,
                   elu_param=dict(alpha=0.5))

    def test_softmax(self, net):
        x = _rand(2, 3, 4)
        e = numpy.exp(x - x.max(axis=1, keepdims=True))
        self.check(net, 'Softmax', e / e.sum(axis=1, keepdims=True), x,
                   softmax_param=dict(axis=1))

    @pytest.mark.parametrize('axis', [0, 2, -1])
    def test_softmax_along_other_axes_is_not_supported(self, net, axis):
        # As in v7: a RuntimeError, raised before the bottoms are looked at.
        net.layer('Softmax', 'prob', [], [], softmax_param=dict(axis=axis))
        with pytest.raises(RuntimeError, match="'prob'.*non-channel axis"):
            net.load()

    def test_dropout_test_phase(self, net):
        x = _rand(3, 4)
        self.check(net, 'Dropout', x, x, dropout_param=dict(dropout_ratio=0.3))

    def test_dropout_train_phase(self, net):
        net.layer('Dropout', 'drop', ['data'], ['y'], dropout_param=dict(dropout_ratio=0.25))
        x = numpy.ones((50, 40), numpy.float32)
        y, = _run(net.load(), {'data': x}, ['y'], train=True)
        kept = y != 0
        testing.assert_allclose(y[kept], numpy.full(kept.sum(), 1 / 0.75), rtol=1e-6)
        assert 0.6 < kept.mean() < 0.9

    @pytest.mark.parametrize('shared', [False, True])
    def test_prelu(self, net, shared):
        slope = numpy.array([0.3], numpy.float32) if shared else _rand(3, seed=1)
        net.layer('PReLU', 'prelu', ['data'], ['y'], [slope.reshape(()) if shared else slope],
                  prelu_param=dict(channel_shared=shared))
        func = net.load()
        x = _rand(2, 3, 4)
        y, = _run(func, {'data': x}, ['y'])
        s = slope.reshape(()) if shared else slope[None, :, None]
        testing.assert_allclose(y, numpy.where(x > 0, x, s * x), atol=1e-6)
        assert func.prelu.W.shape == (() if shared else (3,))


class TestShapeLayers:

    @pytest.mark.parametrize('param, shape', [
        (dict(shape=dict(dim=[0, -1])), (2, 60)),
        (dict(shape=dict(dim=[2, 3, 20])), (2, 3, 20)),
        (dict(shape=dict(dim=[-1, 2]), axis=1, num_axes=2), (2, 6, 2, 5)),
        (dict(shape=dict(dim=[1, 1]), axis=-1, num_axes=0), (2, 3, 4, 5, 1, 1)),
        (dict(shape=dict(dim=[0, 0, 20]), axis=0), (2, 3, 20)),
    ])
    def test_reshape(self, net, param, shape):
        net.layer('Reshape', 'reshape', ['data'], ['y'], reshape_param=param)
        x = _rand(2, 3, 4, 5)
        y, = _run(net.load(), {'data': x}, ['y'])
        testing.assert_allclose(y, x.reshape(shape))

    @pytest.mark.parametrize('param, shape', [
        ({}, (2, 60)), (dict(axis=2), (2, 3, 20)), (dict(axis=1, end_axis=2), (2, 12, 5)),
        (dict(axis=-3, end_axis=-2), (2, 12, 5)),
    ])
    def test_flatten(self, net, param, shape):
        net.layer('Flatten', 'flatten', ['data'], ['y'], flatten_param=param)
        x = _rand(2, 3, 4, 5)
        y, = _run(net.load(), {'data': x}, ['y'])
        testing.assert_allclose(y, x.reshape(shape))

    @pytest.mark.parametrize('param, axis', [
        ({}, 1), (dict(axis=2), 2), (dict(concat_dim=0), 0), (dict(axis=-1), -1)])
    def test_concat(self, net, param, axis):
        net.layer('Concat', 'concat', ['a', 'b'], ['y'], concat_param=param)
        a, b = _rand(2, 3, 4), _rand(2, 3, 4, seed=1)
        y, = _run(net.load(), {'a': a, 'b': b}, ['y'])
        testing.assert_allclose(y, numpy.concatenate([a, b], axis=axis))

    @pytest.mark.parametrize('param, sections, axis', [
        (dict(slice_point=[1, 3]), [1, 3], 1),
        ({}, 3, 1),
        (dict(axis=2, slice_point=[2, 4]), [2, 4], 2),
        (dict(slice_dim=0), 3, 0),
    ])
    def test_slice(self, net, param, sections, axis):
        net.layer('Slice', 'slice', ['data'], ['a', 'b', 'c'], slice_param=param)
        x = _rand(6, 6, 6)
        ys = _run(net.load(), {'data': x}, ['a', 'b', 'c'])
        for y, expected in zip(ys, numpy.split(x, sections, axis=axis)):
            testing.assert_allclose(y, expected)


class TestEltwise:

    def run(self, net, **param):
        net.layer('Eltwise', 'eltwise', ['a', 'b', 'c'], ['y'], eltwise_param=param)
        xs = [_rand(2, 3, seed=s) for s in range(3)]
        y, = _run(net.load(), dict(zip('abc', xs)), ['y'])
        return y, xs

    def test_sum(self, net):
        y, (a, b, c) = self.run(net)
        testing.assert_allclose(y, a + b + c, atol=1e-6)

    def test_sum_with_coefficients(self, net):
        y, (a, b, c) = self.run(net, coeff=[0.5, -1, 2])
        testing.assert_allclose(y, 0.5 * a - b + 2 * c, atol=1e-6)

    def test_prod(self, net):
        y, (a, b, c) = self.run(net, operation=net.caffe_pb2.EltwiseParameter.PROD)
        testing.assert_allclose(y, a * b * c, atol=1e-6)

    def test_max(self, net):
        y, (a, b, c) = self.run(net, operation=net.caffe_pb2.EltwiseParameter.MAX)
        testing.assert_allclose(y, numpy.maximum(numpy.maximum(a, b), c))


class TestSoftmaxWithLoss:

    def reference(self, x, t, ignore_label, normalization):
        e = numpy.exp(x - x.max(axis=1, keepdims=True))
        log_p = numpy.log(e / e.sum(axis=1, keepdims=True))
        valid = t != ignore_label
        losses = -numpy.take_along_axis(log_p, numpy.where(valid, t, 0)[:, None], 1)[:, 0]
        total = (losses * valid).sum()
        divisor = {'VALID': valid.sum(), 'FULL': t.size, 'BATCH_SIZE': t.shape[0],
                   'NONE': 1}[normalization]
        return total / divisor

    @pytest.mark.parametrize('normalization', ['VALID', 'FULL', 'BATCH_SIZE', 'NONE'])
    def test_forward(self, net, normalization):
        mode = net.caffe_pb2.LossParameter.NormalizationMode.Value(normalization)
        net.layer('SoftmaxWithLoss', 'loss', ['x', 'label'], ['loss'],
                  loss_param=dict(ignore_label=2, normalization=mode))
        x = _rand(4, 3, 5)
        t = numpy.random.RandomState(1).randint(0, 3, (4, 5)).astype(numpy.int32)
        loss, = _run(net.load(), {'x': x, 'label': t}, ['loss'])
        testing.assert_allclose(loss, self.reference(x, t, 2, normalization), rtol=1e-5)

    @pytest.mark.parametrize('normalize, normalization', [(True, 'VALID'),
                                                          (False, 'BATCH_SIZE')])
    def test_legacy_normalize(self, net, normalize, normalization):
        net.layer('SoftmaxWithLoss', 'loss', ['x', 'label'], ['loss'],
                  loss_param=dict(normalize=normalize, ignore_label=0))
        x = _rand(4, 3)
        t = numpy.array([0, 1, 2, 1], numpy.int32)
        loss, = _run(net.load(), {'x': x, 'label': t}, ['loss'])
        testing.assert_allclose(loss, self.reference(x, t, 0, normalization), rtol=1e-5)

    def test_non_channel_axis_is_not_supported(self, net):
        net.layer('SoftmaxWithLoss', 'loss', ['x', 'label'], ['loss'],
                  softmax_param=dict(axis=2))
        with pytest.raises(RuntimeError, match="'loss'.*non-channel axis"):
            net.load()


def _small_net(net):
    """conv -> relu -> pool -> fc -> softmax (all with parameters from the file)."""
    net.layer('Data', 'data', [], ['data', 'label'])
    net.layer('Convolution', 'conv1', ['data'], ['conv1'], [_rand(4, 3, 3, 3), _rand(4)],
              convolution_param=dict(num_output=4, kernel_size=[3], pad=[1]))
    net.layer('ReLU', 'relu1', ['conv1'], ['conv1'])
    net.layer('Pooling', 'pool1', ['conv1'], ['pool1'],
              pooling_param=dict(kernel_size=2, stride=2))
    net.layer('InnerProduct', 'fc2', ['pool1'], ['fc2'], [_rand(5, 16), _rand(5)],
              inner_product_param=dict(num_output=5))
    net.layer('Softmax', 'prob', ['fc2'], ['prob'])


class TestCall:

    def test_attributes(self, net):
        _small_net(net)
        func = net.load()
        assert isinstance(func, chainer.Chain)
        assert [name for name, _, _ in func.layers] == ['conv1', 'relu1', 'pool1', 'fc2', 'prob']
        assert func.layers[1] == ('relu1', ['conv1'], ['conv1'])
        assert set(func.forwards) == {'conv1', 'relu1', 'pool1', 'fc2', 'prob'}
        assert sorted(name for name, _ in func.namedparams()) == [
            '/conv1/W', '/conv1/b', '/fc2/W', '/fc2/b']

    def test_forwards_are_callable(self, net):
        _small_net(net)
        func = net.load()
        x = _rand(2, 3, 4, 4)
        h = func.forwards['conv1'](x)
        testing.assert_allclose(h.array, conv_reference(
            x, func.conv1.W.array, func.conv1.b.array, (1, 1), (1, 1), (1, 1), 1), atol=1e-5)

    def test_outputs_in_order_and_in_place_layers(self, net):
        _small_net(net)
        func = net.load()
        x = _rand(2, 3, 4, 4)
        prob, conv1 = func(inputs={'data': x}, outputs=['prob', 'conv1'])
        assert isinstance(prob, chainer.Variable)
        # conv1 names the in-place ReLU's output
        assert (conv1.array >= 0).all()
        testing.assert_allclose(prob.array.sum(axis=1), numpy.ones(2), rtol=1e-5)
        assert set(func.variables) >= {'data', 'conv1', 'pool1', 'fc2', 'prob'}

    def test_disable(self, net):
        _small_net(net)
        func = net.load()
        x = _rand(2, 3, 4, 4)
        conv1, = func(inputs={'data': x}, outputs=['conv1'], disable=['relu1'])
        assert (conv1.array < 0).any()

    def test_train_argument_is_rejected(self, net):
        _small_net(net)
        func = net.load()
        with pytest.raises(ValueError, match='train argument is not supported'):
            func(inputs={'data': _rand(1, 3, 4, 4)}, outputs=['prob'], train=True)
        with pytest.raises(TypeError):
            func(inputs={'data': _rand(1, 3, 4, 4)}, outputs=['prob'], test=True)

    def test_backward(self, net):
        _small_net(net)
        func = net.load()
        x = _rand(2, 3, 4, 4).astype(numpy.float64)
        for _, param in func.namedparams():
            param.array = param.array.astype(numpy.float64)
        gy = _rand(2, 5, seed=3).astype(numpy.float64)
        gradient_check.check_backward(
            lambda x: func(inputs={'data': x}, outputs=['fc2'])[0], x, gy,
            params=tuple(p for _, p in sorted(func.namedparams())), atol=1e-4, rtol=1e-4)

    def test_split(self, net):
        net.layer('Split', 'split', ['data'], ['a', 'b'])
        net.layer('Split', 'split2', ['b'], ['c'])
        net.layer('TanH', 'tanh', ['a'], ['y'])
        net.layer('Sigmoid', 'sigmoid', ['c'], ['z'])
        func = net.load()
        assert func.split_map == {'a': 'data', 'b': 'data', 'c': 'data'}
        assert func.layers == [('tanh', ['data'], ['y']), ('sigmoid', ['data'], ['z'])]
        x = _rand(2, 3)
        y, z, c = _run(func, {'data': x}, ['y', 'z', 'c'])
        testing.assert_allclose(y, numpy.tanh(x), atol=1e-6)
        testing.assert_allclose(z, 1 / (1 + numpy.exp(-x)), atol=1e-6)
        testing.assert_allclose(c, x)

    def test_unsupported_layer_warns_and_is_skipped(self, net):
        net.layer('ReLU', 'relu', ['data'], ['y'])
        net.layer('AbsVal', 'abs', ['y'], ['z'])
        with pytest.warns(UserWarning) as record:
            func = net.load()
        assert [str(w.message) for w in record] == [
            'Skip the layer "abs", since CaffeFunction does not support AbsVal layer']
        assert 'abs' not in func.forwards

    def test_data_and_input_layers_are_ignored(self, net):
        net.layer('Data', 'data', [], ['data'])
        net.layer('Input', 'input', [], ['data'])
        net.layer('ReLU', 'relu', ['data'], ['y'])
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            func = net.load()
        assert list(func.forwards) == ['relu']

    def test_missing_output_names_the_skipped_layer(self, net):
        _small_net(net)
        func = net.load()
        with pytest.raises(KeyError, match="blob 'prob' was not computed: layer 'prob'.*"
                                           "bottom 'fc2'"):
            func(inputs={'image': _rand(1, 3, 4, 4)}, outputs=['prob'])
        with pytest.raises(KeyError, match="model.caffemodel: blob 'nothing'"):
            func(inputs={'data': _rand(1, 3, 4, 4)}, outputs=['nothing'])

    def test_cycle_is_skipped_not_followed(self, net):
        # a needs b and b needs a: run in file order, the first layer lacks its bottom.
        net.layer('ReLU', 'first', ['b'], ['a'])
        net.layer('TanH', 'second', ['a'], ['b'])
        func = net.load()
        b, = _run(func, {'a': _rand(2, 2)}, ['b'])
        testing.assert_allclose(b, numpy.tanh(_rand(2, 2)), atol=1e-6)
        with pytest.raises(KeyError, match="layer 'first'.*bottom 'b'"):
            func(inputs={'x': _rand(2, 2)}, outputs=['a'])

    def test_serialization_keys_and_round_trip(self, net, tmp_path):
        net.layer('Convolution', 'conv/1', ['data'], ['c'], [_rand(2, 3, 1, 1), _rand(2)],
                  convolution_param=dict(num_output=2, kernel_size=[1]))
        net.layer('BatchNorm', 'bn', ['c'], ['b'], [_rand(2), _rand(2) + 2, [1.0]])
        net.layer('Scale', 'sc', ['b'], ['s'], [_rand(2), _rand(2)],
                  scale_param=dict(bias_term=True))
        func = net.load()
        path = tmp_path / 'func.npz'
        chainer.serializers.save_npz(str(path), func)
        with numpy.load(str(path)) as npz:
            assert sorted(npz.files) == ['bn/N', 'bn/avg_mean', 'bn/avg_var', 'conv/1/W',
                                         'conv/1/b', 'sc/W', 'sc/bias/b']
        other = net.load('model.caffemodel')
        other['conv/1'].W.array[...] = 0
        chainer.serializers.load_npz(str(path), other)
        testing.assert_allclose(other['conv/1'].W.array, func['conv/1'].W.array)

    def test_pickle_and_deepcopy(self, net):
        _small_net(net)
        func = net.load()
        x = _rand(2, 3, 4, 4)
        expected, = _run(func, {'data': x}, ['prob'])
        for clone in (pickle.loads(pickle.dumps(func)), func.copy(mode='copy')):
            y, = _run(clone, {'data': x}, ['prob'])
            testing.assert_allclose(y, expected)
            clone.fc2.W.array[...] *= 2
            y2, = _run(clone, {'data': x}, ['prob'])
            assert not numpy.allclose(y2, expected)

    def test_copy_calls_its_own_children(self, net):
        net.layer('BatchNorm', 'bn', ['data'], ['y'], [_rand(2), _rand(2) + 2],
                  batch_norm_param=dict(use_global_stats=True))
        net.layer('InnerProduct', 'fc', ['y'], ['z'], [_rand(3, 2)],
                  inner_product_param=dict(bias_term=False))
        func = net.load()
        for mode in ('share', 'copy', 'init'):
            clone = func.copy(mode=mode)
            clone.fc.W.array = clone.fc.W.array * 2
            x = _rand(4, 2)
            z, = _run(clone, {'data': x}, ['z'])
            z0, = _run(func, {'data': x}, ['z'])
            testing.assert_allclose(z, z0 * 2, rtol=1e-5)


class TestLegacyV1Format:

    def test_v1_layers(self, net):
        net.v1_layer('DATA', 'data', [], ['data'])
        net.v1_layer('CONVOLUTION', 'conv1', ['data'], ['conv1'],
                     [net.blob(_rand(4, 3, 3, 3), legacy=True),
                      net.blob(_rand(4), legacy=True)],
                     convolution_param=dict(num_output=4, kernel_size=[3]))
        net.v1_layer('RELU', 'relu1', ['conv1'], ['conv1'])
        net.v1_layer('SPLIT', 'split', ['conv1'], ['s1', 's2'])
        net.v1_layer('POOLING', 'pool1', ['s1'], ['pool1'],
                     pooling_param=dict(kernel_size=2, stride=2))
        net.v1_layer('INNER_PRODUCT', 'fc', ['pool1'], ['fc'],
                     [net.blob(_rand(5, 4, seed=2), legacy=True),
                      net.blob(_rand(5, seed=3), legacy=True)],
                     inner_product_param=dict(num_output=5))
        net.v1_layer('SOFTMAX', 'prob', ['fc'], ['prob'])
        net.v1_layer('ABSVAL', 'abs', ['s2'], ['abs'])
        with pytest.warns(UserWarning, match='"abs", since CaffeFunction does not support '
                                             'ABSVAL layer'):
            func = net.load()
        assert [name for name, _, _ in func.layers] == ['conv1', 'relu1', 'pool1', 'fc', 'prob']
        x = _rand(2, 3, 4, 4)
        prob, = _run(func, {'data': x}, ['prob'])
        h = numpy.maximum(conv_reference(x, func.conv1.W.array, func.conv1.b.array, (1, 1),
                                         (0, 0), (1, 1), 1), 0)
        fc = h.max(axis=(2, 3)) @ func.fc.W.array.T + func.fc.b.array
        e = numpy.exp(fc - fc.max(axis=1, keepdims=True))
        testing.assert_allclose(prob, e / e.sum(axis=1, keepdims=True), atol=1e-5)

    def test_v1_parameterless_and_shape_layers(self, net):
        # FLATTEN has no parameter field in the legacy format: Caffe's defaults apply
        net.v1_layer('TANH', 'tanh', ['data'], ['t'])
        net.v1_layer('SIGMOID', 'sigmoid', ['data'], ['s'])
        net.v1_layer('ELTWISE', 'sum', ['t', 's'], ['e'],
                     eltwise_param=dict(operation=1, coeff=[2.0, -1.0]))
        net.v1_layer('CONCAT', 'concat', ['e', 't'], ['c'])
        net.v1_layer('SLICE', 'slice', ['c'], ['c1', 'c2'], slice_param=dict(slice_point=[1]))
        net.v1_layer('DROPOUT', 'drop', ['c2'], ['c2'])
        net.v1_layer('FLATTEN', 'flatten', ['c2'], ['f'])
        x = _rand(2, 2, 3, 3)
        c1, f = _run(net.load(), {'data': x}, ['c1', 'f'])
        t, s = numpy.tanh(x), 1 / (1 + numpy.exp(-x))
        c = numpy.concatenate([2 * t - s, t], axis=1)
        testing.assert_allclose(c1, c[:, :1], atol=1e-6)
        testing.assert_allclose(f, c[:, 1:].reshape(2, -1), atol=1e-6)

    def test_layer_list_wins_over_legacy_list(self, net):
        net.layer('ReLU', 'new', ['data'], ['y'])
        net.v1_layer('TANH', 'old', ['data'], ['y'])
        assert list(net.load().forwards) == ['new']


def test_double_data_blobs(net):
    w = _rand(3, 2, seed=1)
    net.layer('InnerProduct', 'fc', ['data'], ['y'],
              [net.blob(w, dtype='double')], inner_product_param=dict(bias_term=False))
    func = net.load()
    assert func.fc.W.dtype == numpy.float32
    testing.assert_allclose(func.fc.W.array, w)


def test_accepts_path_like(net):
    net.layer('ReLU', 'relu', ['data'], ['y'])
    path = net.save()
    import pathlib
    assert list(CaffeFunction(pathlib.Path(path)).forwards) == ['relu']


class TestV7CallForms:
    """Layers call chainer.functions and links with the arguments Chainer v7 passed, so
    tests that mock those calls (as v7's did) keep working."""

    @pytest.mark.parametrize('type, params, function, args, kwargs', [
        ('Pooling', dict(pooling_param=dict(kernel_h=2, kernel_w=3, stride_h=2, stride_w=1,
                                            pad_h=1, pad_w=0)),
         'max_pooling_2d', ((2, 3),), dict(stride=(2, 1), pad=(1, 0))),
        ('Pooling', dict(pooling_param=dict(pool=1, kernel_size=2, stride=2)),
         'average_pooling_2d', (2,), dict(stride=2, pad=0)),
        # v7 accepts a pad not smaller than the kernel.
        ('Pooling', dict(pooling_param=dict(kernel_size=2, stride=4, pad=3)),
         'max_pooling_2d', (2,), dict(stride=4, pad=3)),
        ('Pooling', dict(pooling_param=dict(pool=1, global_pooling=True)),
         'average_pooling_2d', ((6, 6),), dict(stride=1, pad=0)),
        ('LRN', dict(lrn_param=dict(local_size=4, alpha=0.5, beta=0.25, k=2)),
         'local_response_normalization', (), dict(n=4, k=2.0, alpha=0.125, beta=0.25)),
        ('ReLU', {}, 'relu', (), {}),
        ('ReLU', dict(relu_param=dict(negative_slope=0.5)), 'leaky_relu', (), dict(slope=0.5)),
        ('Reshape', dict(reshape_param=dict(shape=dict(dim=[2, -1]))), 'reshape', (),
         dict(shape=[2, -1])),
        ('Dropout', dict(dropout_param=dict(dropout_ratio=0.5)), 'dropout', (),
         dict(ratio=0.5)),
        ('Softmax', {}, 'softmax', (), {}),
        ('Sigmoid', {}, 'sigmoid', (), {}),
    ])
    def test_function_call(self, net, type, params, function, args, kwargs):
        from unittest import mock
        net.layer(type, 'l1', ['x'], ['y'], **params)
        # v7's tests feed the mocks inputs of any shape.
        x = _rand(2, 4, 6, 6) if 'global_pooling' in params.get('pooling_param', {}) \
            else _rand(3, 2, 3)
        with mock.patch('chainer.functions.' + function) as mocked:
            func = net.load()
            y, = func(inputs={'x': x}, outputs=['y'])
        mocked.assert_called_once_with(x, *args, **kwargs)
        assert y is mocked.return_value

    def test_softmax_with_loss_of_one_bottom(self, net):
        from unittest import mock
        net.layer('SoftmaxWithLoss', 'loss', ['x'], ['loss'])
        x = _rand(3, 2, 3)
        with mock.patch('chainer.functions.softmax_cross_entropy') as loss:
            func = net.load()
            y, = func(inputs={'x': x}, outputs=['loss'])
        loss.assert_called_once_with(x)
        assert y is loss.return_value

    def test_schema_module_under_its_v7_name(self):
        from chainer.links.caffe import caffe_function
        from chainer.links.caffe.protobuf3 import caffe_pb2
        assert caffe_function.caffe_pb is caffe_pb2

    def test_softmax_with_loss_and_split_axis(self, net):
        from unittest import mock
        net.layer('SoftmaxWithLoss', 'loss', ['x', 't'], ['loss'])
        net.layer('Slice', 'slice', ['x'], ['a', 'b'], slice_param=dict(slice_point=[1]))
        x, t = _rand(2, 3), numpy.zeros(2, numpy.int32)
        with mock.patch('chainer.functions.softmax_cross_entropy') as loss, \
                mock.patch('chainer.functions.split_axis', return_value=(1, 2)) as split:
            func = net.load()
            func(inputs={'x': x, 't': t}, outputs=['loss', 'a'])
        loss.assert_called_once_with(x, t)
        split.assert_called_once_with(x, indices_or_sections=[1], axis=1)

    def test_link_calls(self, net):
        from unittest import mock
        net.layer('Convolution', 'conv', ['x'], ['c'], [_rand(3, 4, 1, 1), _rand(3)])
        net.layer('BatchNorm', 'bn', ['x'], ['b'], [_rand(4), _rand(4) + 2])
        x = _rand(2, 4, 3, 3)
        with mock.patch('chainer.links.Convolution2D.forward') as conv, \
                mock.patch('chainer.links.BatchNormalization.forward') as bn:
            func = net.load()
            func(inputs={'x': x}, outputs=['c', 'b'])
        conv.assert_called_once_with(x)
        bn.assert_called_once_with(x, finetune=False)
