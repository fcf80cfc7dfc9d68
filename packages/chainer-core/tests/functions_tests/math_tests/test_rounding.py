"""sign, fix, floor and ceil: forward values, no gradient."""
import numpy
import pytest

import chainer
from chainer import functions as F


@pytest.mark.parametrize('name', ['sign', 'fix', 'floor', 'ceil'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(3, 4), ()])
def test_forward(name, dtype, shape):
    x = (numpy.random.uniform(-3, 3, shape)).astype(dtype)
    if x.size:
        x.reshape(-1)[0] = 0
    for given in (x, chainer.Variable(x)):
        y = getattr(F, name)(given)
        assert isinstance(y, chainer.Variable)
        assert y.dtype == dtype
        assert y.shape == shape
        assert isinstance(y.array, numpy.ndarray)
        numpy.testing.assert_array_equal(y.array, getattr(numpy, name)(x))


@pytest.mark.parametrize('name', ['sign', 'fix', 'floor', 'ceil'])
def test_not_connected_to_graph(name):
    x = chainer.Variable(numpy.array([-1.5, 0.5, 2.5], numpy.float32))
    y = getattr(F, name)(x)
    assert y.creator is None
    assert not y.requires_grad


def test_values():
    x = numpy.array([-1.5, -0.5, 0.0, 0.5, 1.5], numpy.float32)
    numpy.testing.assert_array_equal(F.sign(x).array, [-1, -1, 0, 1, 1])
    numpy.testing.assert_array_equal(F.fix(x).array, [-1, 0, 0, 0, 1])
    numpy.testing.assert_array_equal(F.floor(x).array, [-2, -1, 0, 0, 1])
    numpy.testing.assert_array_equal(F.ceil(x).array, [-1, 0, 0, 1, 2])


def test_sign_of_lists_and_scalars():
    # v7 takes them as NumPy arrays.
    y = F.sign([[-0.5, 0.0], [2.0, -3.0]])
    assert y.dtype == numpy.float64
    numpy.testing.assert_array_equal(y.array, [[-1, 0], [1, -1]])
    assert F.sign(-2.5).array == -1 and F.sign(-2.5).shape == ()
