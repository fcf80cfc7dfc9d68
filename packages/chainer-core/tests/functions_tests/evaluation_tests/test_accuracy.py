import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _ref_accuracy(x, t, ignore_label):
    pred = x.argmax(axis=1).reshape(t.shape)
    if ignore_label is None:
        return (pred == t).mean()
    valid = t != ignore_label
    if valid.sum() == 0:
        return 0.0
    return ((pred == t) & valid).sum() / valid.sum()


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,t_shape', [
    ((10, 3), (10,)),
    ((10, 3, 1), (10,)),
    ((10, 3, 5), (10, 5)),
    ((10, 3, 5, 4), (10, 5, 4)),
    ((10, 3, 5, 1), (10, 5)),
])
@pytest.mark.parametrize('ignore_label', [None, -1, 1])
def test_accuracy(dtype, x_shape, t_shape, ignore_label):
    x = numpy.random.uniform(-1, 1, x_shape).astype(dtype)
    t = numpy.random.randint(-1, 3, t_shape).astype(numpy.int32)
    y = F.accuracy(x, t, ignore_label=ignore_label)
    assert isinstance(y, chainer.Variable)
    assert y.shape == () and y.dtype == dtype
    numpy.testing.assert_allclose(y.array, _ref_accuracy(x, t, ignore_label), atol=1e-3)


def test_accuracy_all_ignored_is_zero():
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    t = -numpy.ones(4, numpy.int32)
    assert float(F.accuracy(x, t, ignore_label=-1).array) == 0.0


def test_accuracy_known_value():
    x = numpy.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7], [0.6, 0.4]], numpy.float32)
    t = numpy.array([1, 0, 0, 0], numpy.int32)
    assert float(F.accuracy(x, t).array) == pytest.approx(0.75)


def test_accuracy_int64_labels():
    x = numpy.eye(3, dtype=numpy.float32)
    t = numpy.arange(3, dtype=numpy.int64)
    assert float(F.accuracy(x, t).array) == 1.0


@pytest.mark.parametrize('x,t', [
    (numpy.zeros((4, 3), numpy.int32), numpy.zeros(4, numpy.int32)),
    (numpy.zeros((4, 3), numpy.float32), numpy.zeros(4, numpy.float32)),
    (numpy.zeros((4, 3), numpy.float32), numpy.zeros(4, numpy.uint8)),
    (numpy.zeros((4, 3), numpy.float32), numpy.zeros(3, numpy.int32)),
    (numpy.zeros((4, 3, 2), numpy.float32), numpy.zeros((4, 3), numpy.int32)),
    (numpy.zeros((4, 3, 2), numpy.float32), numpy.zeros((4,), numpy.int32)),
])
def test_accuracy_invalid_types(x, t):
    with pytest.raises(type_check.InvalidType):
        F.accuracy(x, t)
