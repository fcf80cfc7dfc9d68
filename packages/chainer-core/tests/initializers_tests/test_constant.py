import numpy
import pytest

from chainer import initializers


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_identity(dtype):
    a = numpy.empty((3, 3), dtype)
    initializers.Identity(scale=2.5)(a)
    numpy.testing.assert_array_equal(a, 2.5 * numpy.eye(3))
    assert a.dtype == dtype


@pytest.mark.parametrize('shape', [(3, 4), (3,), (2, 2, 2)])
def test_identity_non_square(shape):
    with pytest.raises(ValueError):
        initializers.Identity()(numpy.empty(shape, numpy.float32))


def test_identity_dtype_check():
    with pytest.raises(AssertionError):
        initializers.Identity(dtype=numpy.float64)(numpy.empty((2, 2), numpy.float32))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int32])
def test_constant_scalar(dtype):
    a = numpy.empty((2, 3), dtype)
    init = initializers.Constant(3)
    assert init.fill_value == 3
    init(a)
    numpy.testing.assert_array_equal(a, numpy.full((2, 3), 3, dtype))


def test_constant_array_broadcast():
    fill = numpy.array([1., 2., 3.], numpy.float64)
    a = numpy.empty((2, 3), numpy.float32)
    initializers.Constant(fill)(a)
    numpy.testing.assert_array_equal(a, [[1, 2, 3], [1, 2, 3]])
    assert a.dtype == numpy.float32


def test_constant_bad_fill_value():
    with pytest.raises(ValueError):
        initializers.Constant([1, 2])
    with pytest.raises(ValueError):
        initializers.Constant(None)


def test_constant_dtype():
    init = initializers.Constant(1, dtype=numpy.float64)
    assert init.dtype == numpy.float64
    with pytest.raises(AssertionError):
        init(numpy.empty(2, numpy.float32))


@pytest.mark.parametrize('cls,value', [
    (initializers.Zero, 0.), (initializers.One, 1.), (initializers.NaN, numpy.nan)])
@pytest.mark.parametrize('dtype', [None, numpy.float16, numpy.float64])
def test_zero_one_nan(cls, value, dtype):
    init = cls(dtype)
    assert isinstance(init, initializers.Constant)
    assert init.dtype == dtype
    a = numpy.empty((2, 2), dtype or numpy.float32)
    init(a)
    numpy.testing.assert_array_equal(a, numpy.full((2, 2), value))


def test_constant_0dim():
    a = numpy.empty((), numpy.float32)
    initializers.Constant(4.)(a)
    assert a == 4.


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.uint8])
def test_nan_into_integer_array_warns(dtype):
    # v7 casts the value as an array: an integer array takes NaN with a RuntimeWarning.
    a = numpy.zeros(3, dtype)
    with pytest.warns(RuntimeWarning):
        initializers.NaN()(a)
    assert a.dtype == dtype
