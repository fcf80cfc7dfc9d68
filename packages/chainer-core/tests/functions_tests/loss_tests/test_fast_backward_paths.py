"""The array-level backward (``_backward_arrays``) of the losses equals ``backward``."""
import numpy
import pytest

import chainer.functions as F
from chainer.functions.loss import absolute_error
from chainer.functions.loss import huber_loss
from chainer.functions.loss import mean_absolute_error
from chainer.functions.loss import sigmoid_cross_entropy
from chainer.functions.loss import squared_error
from chainer.testing._fast_backward import check_fast_backward

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (0, 3)])
@pytest.mark.parametrize('normalize', [True, False])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_sigmoid_cross_entropy(dtype, shape, normalize, reduce):
    x = _uniform(shape, dtype) * 4
    t = numpy.random.RandomState(1).randint(-1, 2, shape).astype(numpy.int32)
    gy_shape = () if reduce == 'mean' else shape
    check_fast_backward(
        sigmoid_cross_entropy.SigmoidCrossEntropy,
        lambda a, b: F.sigmoid_cross_entropy(a, b, normalize, reduce), [x, t],
        [_uniform(gy_shape, dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
def test_sigmoid_cross_entropy_all_ignored(dtype):
    x = _uniform((2, 3), dtype)
    t = numpy.full((2, 3), -1, numpy.int64)
    check_fast_backward(sigmoid_cross_entropy.SigmoidCrossEntropy, F.sigmoid_cross_entropy,
                        [x, t], [_uniform((), dtype, 2)])


def _pair(shape, dtype):
    return _uniform(shape, dtype, 0), _uniform(shape, dtype, 1)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), ()])
def test_mean_absolute_error(dtype, shape):
    x0, x1 = _pair(shape, dtype)
    check_fast_backward(mean_absolute_error.MeanAbsoluteError, F.mean_absolute_error,
                        [x0, x1], [_uniform((), dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
def test_absolute_error(dtype, shape):
    x0, x1 = _pair(shape, dtype)
    check_fast_backward(absolute_error.AbsoluteError, F.absolute_error, [x0, x1],
                        [_uniform(shape, dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
@pytest.mark.parametrize('func', [F.squared_error, F.squared_difference])
def test_squared_error(dtype, shape, func):
    x0, x1 = _pair(shape, dtype)
    check_fast_backward(squared_error.SquaredError, func, [x0, x1],
                        [_uniform(shape, dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
def test_squared_error_second_input_only(dtype):
    x0, x1 = _pair((3, 4), dtype)
    check_fast_backward(squared_error.SquaredError, lambda b: F.squared_error(x0, b), [x1],
                        [_uniform((3, 4), dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (0, 2)])
@pytest.mark.parametrize('reduce', ['sum_along_second_axis', 'no'])
@pytest.mark.parametrize('delta', [0.5, 2.0])
def test_huber_loss(dtype, shape, reduce, delta):
    x0, x1 = _pair(shape, dtype)
    gy_shape = shape[:1] + shape[2:] if reduce == 'sum_along_second_axis' else shape
    check_fast_backward(huber_loss.HuberLoss, lambda a, b: F.huber_loss(a, b, delta, reduce),
                        [x0, x1], [_uniform(gy_shape, dtype, 2)])


@pytest.mark.parametrize('dtype', DTYPES)
def test_huber_loss_scalar(dtype):
    x0, x1 = _pair((), dtype)
    check_fast_backward(huber_loss.HuberLoss, lambda a, b: F.huber_loss(a, b, 0.5, 'no'),
                        [x0, x1], [_uniform((), dtype, 2)])
