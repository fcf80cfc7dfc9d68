"""chainerx.testing array assertions."""
import numpy
import pytest

import chainerx
import chainerx.testing


def test_assert_array_equal_accepts_both_kinds():
    chainerx.testing.assert_array_equal(chainerx.array([1, 2]), numpy.array([1, 2]))
    chainerx.testing.assert_array_equal([1, 2], chainerx.array([1, 2]))
    with pytest.raises(AssertionError):
        chainerx.testing.assert_array_equal(chainerx.array([1, 2]), numpy.array([1, 3]))


def test_assert_allclose():
    chainerx.testing.assert_allclose(chainerx.array([1.0]), numpy.array([1.0 + 1e-9]))
    chainerx.testing.assert_allclose(chainerx.array([numpy.nan]), [numpy.nan])
    with pytest.raises(AssertionError):
        chainerx.testing.assert_allclose(chainerx.array([1.0]), [1.1], rtol=1e-3)
    with pytest.raises(AssertionError):
        chainerx.testing.assert_allclose(chainerx.array([numpy.nan]), [numpy.nan],
                                         equal_nan=False)


def test_ex_variants_check_dtypes_and_strides():
    a = chainerx.array(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    chainerx.testing.assert_array_equal_ex(a, chainerx.to_numpy(a))
    with pytest.raises(AssertionError, match='Dtype'):
        chainerx.testing.assert_array_equal_ex(a, chainerx.to_numpy(a).astype('float64'))
    chainerx.testing.assert_array_equal_ex(a, chainerx.to_numpy(a).astype('float64'),
                                           dtype_check=False)
    fortran = numpy.asfortranarray(chainerx.to_numpy(a))
    with pytest.raises(AssertionError, match='Strides'):
        chainerx.testing.assert_allclose_ex(a, fortran)
    chainerx.testing.assert_allclose_ex(a, fortran, strides_check=False)
    with pytest.raises(ValueError):
        chainerx.testing.assert_allclose_ex(a, fortran, dtype_check=False, strides_check=True)
    with pytest.raises(TypeError):
        chainerx.testing.assert_allclose_ex(a, fortran, unknown=True)


def test_strides_of_unit_axes_are_not_compared():
    a = chainerx.arange(3, dtype='float32').reshape(1, 3)
    chainerx.testing.assert_array_equal_ex(a, numpy.arange(3, dtype='float32')[None, :])
