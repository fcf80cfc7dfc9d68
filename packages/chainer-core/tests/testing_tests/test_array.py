"""chainer.testing.assert_allclose and the non-contiguous copies of the test templates."""
import numpy
import pytest

import chainer
from chainer import testing
from chainer.testing import array


def test_assert_allclose():
    testing.assert_allclose(numpy.ones(3), numpy.ones(3) + 1e-7)
    testing.assert_allclose(numpy.ones(3), 1.0)
    testing.assert_allclose(chainer.Variable(numpy.ones(2)), numpy.ones(2))
    testing.assert_allclose(numpy.array([numpy.nan]), numpy.array([numpy.nan]))
    with pytest.raises(AssertionError, match='assert_allclose failed'):
        testing.assert_allclose(numpy.ones(3), numpy.array([1, 2, 1.]))
    with pytest.raises(AssertionError):
        testing.assert_allclose(numpy.ones(3), numpy.ones(2))


def test_as_noncontiguous_array():
    a = numpy.arange(6.).reshape(2, 3)
    b = array._as_noncontiguous_array(a)
    assert not b.flags.c_contiguous
    numpy.testing.assert_array_equal(a, b)
    arrays = array._as_noncontiguous_array([a, None, a])
    assert isinstance(arrays, list) and arrays[1] is None
    assert not arrays[2].flags.c_contiguous
    scalar = numpy.float32(1)
    assert array._as_noncontiguous_array(scalar) is scalar
    assert array._as_noncontiguous_array(numpy.zeros(0)).shape == (0,)
