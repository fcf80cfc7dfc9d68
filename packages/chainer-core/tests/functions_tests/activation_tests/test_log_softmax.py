"""Tests of log_softmax and its helpers (its shared tests with softmax: test_softmax.py)."""
import numpy
import pytest

import chainer.functions as F
from chainer.functions.activation import log_softmax as log_softmax_module
from chainer.functions.activation import log_softmax
from chainer.testing._fast_backward import check_fast_backward


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_log_softmax_stable_for_large_inputs(dtype):
    x = numpy.array([[1000.0, 0.0, -1000.0]], dtype)
    if dtype == numpy.float16:
        x = numpy.array([[30000.0, 0.0, -30000.0]], dtype)
    with numpy.errstate(over='raise'):
        y = F.log_softmax(x).array
    assert numpy.isfinite(y).all()
    assert y.dtype == dtype
    assert y[0, 0] == 0


def test_logsumexp_helper():
    x = numpy.random.uniform(-5, 5, (3, 4))
    for axis in (0, 1, (0, 1)):
        expected = numpy.log(numpy.exp(x).sum(axis=axis, keepdims=True))
        numpy.testing.assert_allclose(log_softmax_module.logsumexp(x, axis), expected)


def test_log_softmax_helper_matches_function():
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    numpy.testing.assert_allclose(
        log_softmax_module._log_softmax(x, axis=1), F.log_softmax(x).array)


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]
_FAST_SHAPES = [(3, 4), (), (0, 3)]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,axis', [
    ((3, 4), 1), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), 2), ((4,), 0), ((0, 3), 1)])
def test_fast_backward(dtype, shape, axis):
    x = _uniform(shape, dtype, -2, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(log_softmax.LogSoftmax, lambda v: F.log_softmax(v, axis), [x], [gy])
