"""chainerx.testing dtype lists and the dtype-specifier parametrization."""
import numpy
import pytest

import chainerx
import chainerx.testing


def test_dtype_groups():
    dt = chainerx.testing
    assert set(dt.all_dtypes) == {'bool_', 'int8', 'int16', 'int32', 'int64', 'uint8',
                                  'float16', 'float32', 'float64'}
    assert set(dt.float_dtypes) == {'float16', 'float32', 'float64'}
    assert set(dt.unsigned_dtypes) == {'bool_', 'uint8'}
    assert set(dt.integral_dtypes) == {'int8', 'int16', 'int32', 'int64', 'uint8'}
    assert set(dt.signed_integral_dtypes) == {'int8', 'int16', 'int32', 'int64'}
    assert set(dt.nonfloat_dtypes) == set(dt.all_dtypes) - set(dt.float_dtypes)
    assert 'bool_' not in dt.numeric_dtypes
    for name in dt.all_dtypes:
        assert getattr(chainerx, name) == numpy.dtype(name)


def test_parametrize_dtype_specifier():
    mark = chainerx.testing.parametrize_dtype_specifier('spec', ['float32'],
                                                        additional_args=(float,))
    assert mark.args[0] == 'spec'
    assert mark.args[1] == ['float32', numpy.dtype('float32'), 'f', float]


def test_unsupported_dtype_specifier():
    # ``chainerx.dtype`` is ``numpy.dtype`` (as in v7); arrays reject what ChainerX lacks
    assert chainerx.dtype('f') == numpy.float32
    with pytest.raises(chainerx.DtypeError):
        chainerx.zeros((1,), chainerx.dtype('complex64'))
