"""chainer.exporters.caffe: export, then read back with CaffeFunction."""

import os

import numpy
import pytest
from google.protobuf import text_format

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.exporters import caffe
from chainer.links.caffe import CaffeFunction
from chainer.links.caffe.protobuf3 import caffe_pb2


class MLP(chainer.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(4, 6)
            self.l2 = L.Linear(6, 3)

    def forward(self, x):
        return F.softmax(self.l2(F.relu(self.l1(x))))


class CNN(chainer.Chain):

    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.conv1 = L.Convolution2D(3, 4, 3, pad=1)
            self.bn1 = L.BatchNormalization(4)
            self.conv2 = L.Convolution2D(4, 4, 3, stride=2, nobias=True, groups=2)
            self.conv3 = L.Convolution2D(4, 4, 3, pad=2, dilate=2)
            self.up = L.Deconvolution2D(4, 2, 2, stride=2)
            self.fc = L.Linear(None, 3)

    def forward(self, x):
        h = F.relu(self.bn1(self.conv1(x)))
        h = F.max_pooling_2d(h, 3, 2, 1)
        h = F.average_pooling_2d(h, 3, 2, 1)
        h = F.leaky_relu(self.conv2(h), 0.1)
        h = F.local_response_normalization(self.conv3(h), n=3)
        t, s = F.tanh(h), F.sigmoid(h)
        flat = F.elu(F.reshape(F.concat([h, h + t, s], axis=1), (h.shape[0], -1)))
        return self.fc(flat), self.up(F.add(h, t, s))


def _randomize(model):
    rng = numpy.random.RandomState(0)
    for _, param in model.namedparams():
        param.array[...] = rng.uniform(-1, 1, param.shape)
    for _, link in model.namedlinks():
        if isinstance(link, L.BatchNormalization):
            link.avg_mean[...] = rng.uniform(-1, 1, link.avg_mean.shape)
            link.avg_var[...] = rng.uniform(0.5, 2, link.avg_var.shape)


def _outputs(model, x):
    with chainer.using_config('train', False):
        ys = model(x)
    return [y.array for y in (ys if isinstance(ys, tuple) else (ys,))]


def _read_prototxt(directory):
    with open(os.path.join(directory, 'chainer_model.prototxt')) as f:
        return text_format.Parse(f.read(), caffe_pb2.NetParameter())


def test_mlp_round_trip(tmp_path):
    model = MLP()
    x = numpy.random.RandomState(1).rand(2, 4).astype(numpy.float32)
    assert caffe.export(model, [chainer.Variable(x)], str(tmp_path), True, 'mlp') is None
    assert sorted(os.listdir(tmp_path)) == ['chainer_model.caffemodel', 'chainer_model.prototxt']
    net = _read_prototxt(tmp_path)
    assert net.name == 'mlp'
    assert [(layer.name, layer.type) for layer in net.layer] == [
        ('data', 'Input'), ('LinearFunction-0-1', 'InnerProduct'), ('ReLU-1-1', 'ReLU'),
        ('LinearFunction-2-1', 'InnerProduct'), ('Softmax-3-1', 'Softmax')]
    assert list(net.layer[0].input_param.shape[0].dim) == [2, 4]
    assert net.layer[1].inner_product_param.num_output == 6
    assert list(net.layer[2].bottom) == ['LinearFunction-0-1']

    func = CaffeFunction(str(tmp_path / 'chainer_model.caffemodel'))
    with chainer.using_config('train', False):
        y, = func(inputs={'data': x}, outputs=['Softmax-3-1'])
    testing.assert_allclose(y.array, _outputs(model, x)[0], atol=1e-6)
    testing.assert_allclose(func['LinearFunction-0-1'].W.array, model.l1.W.array)


def test_cnn_with_batch_normalization_round_trip(tmp_path):
    model = CNN()
    x = numpy.random.RandomState(1).rand(2, 3, 16, 16).astype(numpy.float32)
    _outputs(model, x)  # initializes the lazy Linear
    _randomize(model)
    caffe.export(model, [x], str(tmp_path), graph_name='cnn')
    net = _read_prototxt(tmp_path)
    types = [layer.type for layer in net.layer]
    assert types[:4] == ['Input', 'Convolution', 'BatchNorm', 'Scale']
    assert net.layer[2].name == net.layer[3].name + '_bn'
    assert net.layer[2].batch_norm_param.use_global_stats
    by_type = {layer.type: layer for layer in net.layer}
    assert list(by_type['Deconvolution'].bottom) == ['MultiAdd-10-1']

    func = CaffeFunction(str(tmp_path / 'chainer_model.caffemodel'))
    outputs = [by_type['InnerProduct'].top[0], by_type['Deconvolution'].top[0]]
    with chainer.using_config('train', False):
        ys = func(inputs={'data': x}, outputs=outputs)
    for y, expected in zip(ys, _outputs(model, x)):
        testing.assert_allclose(y.array, expected, atol=1e-4, rtol=1e-4)


def test_pooling_rounding_is_exported(tmp_path):
    class Pool(chainer.Chain):
        def forward(self, x):
            return F.average_pooling_2d(x, 3, 2), F.max_pooling_2d(x, 3, 2, cover_all=False)

    x = numpy.random.RandomState(1).rand(1, 2, 6, 6).astype(numpy.float32)
    caffe.export(Pool(), [x], str(tmp_path))
    pools = [layer.pooling_param for layer in _read_prototxt(tmp_path).layer[1:]]
    assert [p.round_mode for p in pools] == [caffe_pb2.PoolingParameter.FLOOR] * 2
    func = CaffeFunction(str(tmp_path / 'chainer_model.caffemodel'))
    ys = func(inputs={'data': x}, outputs=['AveragePooling2D-0-1', 'MaxPoolingND-0-1'])
    for y, expected in zip(ys, _outputs(Pool(), x)):
        assert y.shape == expected.shape == (1, 2, 2, 2)
        testing.assert_allclose(y.array, expected, atol=1e-6)


def test_without_params(tmp_path):
    caffe.export(MLP(), [numpy.zeros((1, 4), numpy.float32)], str(tmp_path),
                 export_params=False)
    assert os.listdir(tmp_path) == ['chainer_model.prototxt']


def test_without_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert caffe.export(MLP(), [numpy.zeros((1, 4), numpy.float32)]) is None
    assert os.listdir(tmp_path) == []


def test_creates_the_directory(tmp_path):
    caffe.export(MLP(), [numpy.zeros((1, 4), numpy.float32)], str(tmp_path / 'a' / 'b'))
    assert sorted(os.listdir(tmp_path / 'a' / 'b')) == ['chainer_model.caffemodel',
                                                        'chainer_model.prototxt']


def test_unsupported_function():
    class Model(chainer.Chain):
        def forward(self, x):
            return F.exp(F.relu(x))

    with pytest.raises(Exception, match=r"Cannot convert, name=exp-1-1, rank=1, "
                                        r"label=exp, inputs=\['ReLU-0-1'\]"):
        caffe.export(Model(), [numpy.zeros((1, 4), numpy.float32)])


def test_constant_operand_is_rejected():
    class Model(chainer.Chain):
        def forward(self, x):
            return x + chainer.Variable(numpy.ones_like(x.array))

    with pytest.raises(Exception, match='input 1 is neither the model input nor'):
        caffe.export(Model(), [numpy.zeros((1, 4), numpy.float32)])


def test_released_constant_parameter():
    # b is a plain array that the graph does not keep: as v7, a RuntimeError.
    class Model(chainer.Chain):
        def forward(self, x):
            return F.linear(x, numpy.ones((3, 4), numpy.float32),
                            numpy.ones(3, numpy.float32))

    with pytest.raises(RuntimeError, match='Cannot convert LinearFunction: the value of its '
                                           'input 2 is gone'):
        caffe.export(Model(), [numpy.zeros((1, 4), numpy.float32)])


def test_several_inputs_are_not_implemented():
    with pytest.raises(NotImplementedError):
        caffe.export(MLP(), [numpy.zeros((1, 4), numpy.float32)] * 2)


def test_a_failed_export_leaves_no_file(tmp_path):
    class Model(chainer.Chain):
        def forward(self, x):
            return F.exp(x)

    with pytest.raises(Exception, match='Cannot convert'):
        caffe.export(Model(), [numpy.zeros((1, 4), numpy.float32)], str(tmp_path))
    assert os.listdir(tmp_path) == []


def test_exporters_package_is_lazy():
    import chainer.exporters
    assert chainer.exporters.caffe is caffe
    assert 'caffe' in dir(chainer.exporters)
