import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _ref(x, t):
    valid = t != -1
    count = max(1, valid.sum())
    return (((x >= 0) == t) & valid).sum() / count


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(10,), (6, 4), (3, 2, 2), ()])
@pytest.mark.parametrize('ignore', [False, True])
def test_binary_accuracy(dtype, shape, ignore):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype)
    low = -1 if ignore else 0
    t = numpy.random.randint(low, 2, shape).astype(numpy.int32)
    y = F.binary_accuracy(x, t)
    assert y.shape == () and y.dtype == dtype
    numpy.testing.assert_allclose(y.array, _ref(x, t), atol=1e-3)


def test_binary_accuracy_all_ignored_is_zero():
    x = numpy.ones((3, 2), numpy.float32)
    t = -numpy.ones((3, 2), numpy.int32)
    assert float(F.binary_accuracy(x, t).array) == 0.0


def test_binary_accuracy_zero_counts_as_positive():
    x = numpy.array([0.0, -0.5, 2.0], numpy.float32)
    t = numpy.array([1, 0, 0], numpy.int32)
    assert float(F.binary_accuracy(x, t).array) == pytest.approx(2 / 3)


@pytest.mark.parametrize('x,t', [
    (numpy.zeros((4,), numpy.int32), numpy.zeros(4, numpy.int32)),
    (numpy.zeros((4,), numpy.float32), numpy.zeros(4, numpy.float32)),
    (numpy.zeros((4,), numpy.float32), numpy.zeros(3, numpy.int32)),
])
def test_binary_accuracy_invalid_types(x, t):
    with pytest.raises(type_check.InvalidType):
        F.binary_accuracy(x, t)
