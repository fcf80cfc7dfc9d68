import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('ratio', [0., .3, 1.])
def test_forward(dtype, ratio):
    h = numpy.random.uniform(1, 2, (20, 30)).astype(dtype)
    x = numpy.random.uniform(-2, -1, (20, 30)).astype(dtype)
    numpy.random.seed(2)
    y = F.zoneout(h, x, ratio).array
    numpy.random.seed(2)
    keep_h = numpy.random.rand(20, 30) < ratio
    assert y.dtype == dtype
    numpy.testing.assert_array_equal(y, numpy.where(keep_h, h, x))
    if 0 < ratio < 1:
        assert abs((y > 0).mean() - ratio) < .1


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_backward(dtype):
    h = numpy.random.uniform(-1, 1, (3, 4)).astype(dtype)
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(dtype)
    gy = numpy.random.uniform(-1, 1, (3, 4)).astype(dtype)

    def f(h, x):
        numpy.random.seed(5)
        return F.zoneout(h, x, .5)

    gradient_check.check_backward(f, (h, x), gy, dtype=numpy.float64, atol=1e-3, rtol=1e-3)
    gg = (numpy.random.uniform(-1, 1, (3, 4)).astype(dtype),
          numpy.random.uniform(-1, 1, (3, 4)).astype(dtype))
    gradient_check.check_double_backward(f, (h, x), gy, gg, dtype=numpy.float64, atol=1e-3,
                                         rtol=1e-3)


def test_not_train_returns_x():
    h = numpy.zeros((2, 3), numpy.float32)
    x = numpy.ones((2, 3), numpy.float32)
    with chainer.using_config('train', False):
        assert F.zoneout(h, x, .9) is x


def test_errors():
    h = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError, match='train argument is not supported'):
        F.zoneout(h, h, train=True)
    with pytest.raises(TypeError):
        F.zoneout(h, h, foo=True)
    with pytest.raises(ValueError):  # (v7: NumPy's error, the shapes do not broadcast)
        F.zoneout(h, numpy.zeros((2, 4), numpy.float32))


@pytest.mark.parametrize('h_dtype,x_dtype', [
    (numpy.float16, numpy.float32), (numpy.float64, numpy.float32), (numpy.int32, numpy.int32)])
@pytest.mark.parametrize('h_shape,x_shape', [((2, 3), (2, 3)), ((1, 3), (2, 3)),
                                             ((2, 3), (1, 3))])
def test_dtypes_and_shapes_as_numpy_combines_them(h_dtype, x_dtype, h_shape, x_shape):
    # as v7: no type check; NumPy's promotion and broadcasting (the mask has x's shape)
    h = numpy.full(h_shape, 1, h_dtype)
    x = numpy.full(x_shape, 2, x_dtype)
    numpy.random.seed(3)
    y = F.zoneout(h, x, .5)
    numpy.random.seed(3)
    keep_h = numpy.random.rand(*x_shape) < .5
    expected = numpy.where(keep_h, h, x)
    assert y.dtype == expected.dtype
    numpy.testing.assert_array_equal(y.array, expected)


def test_backward_of_mixed_inputs_in_their_dtypes_and_shapes():
    h = chainer.Variable(numpy.ones((1, 3), numpy.float16))
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    numpy.random.seed(4)
    y = F.zoneout(h, x, .5)
    numpy.random.seed(4)
    keep_h = numpy.random.rand(2, 3) < .5
    y.grad = numpy.full((2, 3), 3, numpy.float32)
    y.backward()
    assert h.grad.dtype == numpy.float16 and x.grad.dtype == numpy.float32
    numpy.testing.assert_array_equal(h.grad, (3 * keep_h).sum(axis=0, keepdims=True))
    numpy.testing.assert_array_equal(x.grad, 3 * ~keep_h)
