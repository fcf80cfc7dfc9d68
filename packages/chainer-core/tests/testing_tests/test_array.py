"""chainer.testing.assert_allclose and the non-contiguous copies of the test templates."""
import numpy
import pytest

import chainer
from chainer import testing
from chainer.testing import array


def test_assert_allclose():
    testing.assert_allclose(numpy.ones(3), numpy.ones(3) + 1e-7)
    testing.assert_allclose(numpy.ones(3), 1.0)
    testing.assert_allclose(numpy.array([numpy.nan]), numpy.array([numpy.nan]))
    with pytest.raises(AssertionError, match='assert_allclose failed'):
        testing.assert_allclose(numpy.ones(3), numpy.array([1, 2, 1.]))
    with pytest.raises(AssertionError):
        testing.assert_allclose(numpy.ones(3), numpy.ones(2))


def test_assert_allclose_rejects_variables():
    # as v7
    with pytest.raises(TypeError):
        testing.assert_allclose(chainer.Variable(numpy.ones(2)), numpy.ones(2))
    with pytest.raises(TypeError):
        testing.assert_allclose(numpy.ones(2), chainer.Variable(numpy.ones(2)))
    with pytest.raises(TypeError):
        testing.assert_allclose([chainer.Variable(numpy.ones(2))], numpy.ones(2))


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


def _details(x, y, **kwargs):
    with pytest.raises(AssertionError) as info:
        testing.assert_allclose(x, y, **kwargs)
    message = str(info.value)
    return message[message.index('\n\nassert_allclose failed:'):]


def test_assert_allclose_details_as_v7():
    assert _details(numpy.array([[1., 2.], [3., 4.]]), numpy.array([[1., 2.], [3., 5.]])) == (
        '\n\nassert_allclose failed:\n  shape: (2, 2) (2, 2)\n  dtype: float64 float64\n'
        '  i: (1, 1)\n  x[i]: 4.0\n  y[i]: 5.0\n  relative error[i]: 0.2\n'
        '  absolute error[i]: 1.0\n  relative tolerance * |y[i]|: 0.0005\n'
        '  absolute tolerance: 1e-05\n  total tolerance: 0.00051\n'
        'x: [[1. 2.]\n    [3. 4.]]\ny: [[1. 2.]\n    [3. 5.]]\n')
    # integers are compared in their own dtype (uint8 wraps around), a 0-dim pair as 1-dim
    assert '  x[i]: 1\n  y[i]: 3\n' in _details(numpy.array([1, 5], numpy.uint8),
                                                 numpy.array([3, 2], numpy.uint8))
    assert '  absolute error[i]: 254\n' in _details(numpy.array([1, 5], numpy.uint8),
                                                     numpy.array([3, 2], numpy.uint8))
    zero_dim = _details(numpy.float32(1), numpy.float32(2))
    assert '  i: (0,)\n' in zero_dim and zero_dim.endswith('x: 1.\ny: 2.\n')
    # also without NumPy's verbose arrays
    assert '  i: (1,)\n' in _details(numpy.ones(2), numpy.array([1., 3.]), verbose=False)
