"""Function node labels as Chainer v7 shows them (computational graphs, hooks, exporters)."""

import numpy
import pytest

import chainer
import chainer.functions as F


@pytest.mark.parametrize('function, label', [
    (F.sigmoid, 'Sigmoid'),
    (F.tanh, 'Tanh'),
    (F.softmax, 'Softmax'),
    (lambda x: F.add(x, x, x), 'MultiAdd'),
    (lambda x: x + x, '_ + _'),
    (F.relu, 'ReLU'),
    (F.exp, 'exp'),
])
def test_label(function, label):
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    assert function(x).creator.label == label


def _labels_of(outputs):
    if isinstance(outputs, (tuple, list)):
        outputs = outputs[0]
    return outputs.creator.label


_T = numpy.array([0, 2], numpy.int32)


@pytest.mark.parametrize('function, label', [
    # recorded from Chainer v7.8.1: most labels are the class names
    (lambda x: F.softmax_cross_entropy(x, _T), 'SoftmaxCrossEntropy'),
    (lambda x: F.sigmoid_cross_entropy(x, numpy.zeros((2, 3), numpy.int32)),
     'SigmoidCrossEntropy'),
    (lambda x: F.mean_squared_error(x, x), 'MeanSquaredError'),
    (lambda x: F.mean_absolute_error(x, x), 'MeanAbsoluteError'),
    (lambda x: F.squared_error(x, x), 'SquaredError'),
    (lambda x: F.absolute_error(x, x), 'AbsoluteError'),
    (lambda x: F.huber_loss(x, x, 1.0), 'HuberLoss'),
    (lambda x: F.hinge(x, _T), 'Hinge'),
    (lambda x: F.accuracy(x, _T), 'Accuracy'),
    (F.log_softmax, 'LogSoftmax'),
    (F.softplus, 'Softplus'),
    (F.hard_sigmoid, 'HardSigmoid'),
    (lambda x: F.swish(x, numpy.ones(3, numpy.float32)), 'Swish'),
    (lambda x: F.prelu(x, numpy.ones(3, numpy.float32)), 'PReLUFunction'),
    (lambda x: F.clip(x, 0.0, 1.0), 'Clip'),
    (F.logsumexp, 'LogSumExp'),
    (lambda x: F.maximum(x, x), 'Maximum'),
    (F.max, 'Max'),
    (F.mean, 'Mean'),
    (F.identity, 'Identity'),
    (lambda x: F.lstm(x[:, :2], F.concat((x, x, x[:, :2]))), 'LSTM'),
    (lambda x: F.batch_det(x[None, :, :2]), 'det'),
    (lambda x: F.inv(x[:, :2]), 'Inv'),
    (lambda x: F.fft((x, x)), 'FFT'),
])
def test_v7_label(function, label):
    x = chainer.Variable(numpy.arange(1, 7, dtype=numpy.float32).reshape(2, 3) / 7)
    assert _labels_of(function(x)) == label
