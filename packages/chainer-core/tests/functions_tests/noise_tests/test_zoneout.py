import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


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
    with pytest.raises(type_check.InvalidType):
        F.zoneout(h, numpy.zeros((2, 4), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.zoneout(h, numpy.zeros((2, 3), numpy.float64))
