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
