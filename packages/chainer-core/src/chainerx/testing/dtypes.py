"""The dtype names of ChainerX grouped by kind, and a dtype-specifier parametrization."""
import numpy
import pytest

all_dtypes = (
    'bool_',
    'int8',
    'int16',
    'int32',
    'int64',
    'uint8',
    'float16',
    'float32',
    'float64',
)

float_dtypes = (
    'float16',
    'float32',
    'float64',
)

signed_dtypes = (
    'int8',
    'int16',
    'int32',
    'int64',
    'float16',
    'float32',
    'float64',
)

unsigned_dtypes = tuple(dt for dt in all_dtypes if dt not in signed_dtypes)

numeric_dtypes = tuple(dt for dt in all_dtypes if dt != 'bool_')

integral_dtypes = tuple(dt for dt in numeric_dtypes if dt not in float_dtypes)

signed_integral_dtypes = tuple(dt for dt in integral_dtypes if dt in signed_dtypes)

nonfloat_dtypes = tuple(dt for dt in all_dtypes if dt not in float_dtypes)


def parametrize_dtype_specifier(argname, dtypes=None, additional_args=None):
    """Parametrizes a test with the values usable as dtype specifiers.

    The values are the dtype names, the :class:`numpy.dtype` objects and their one-letter
    codes, plus ``additional_args``.

    Args:
        argname (str): The name of the test argument receiving the value.
        dtypes (list of str): The dtype names (all dtypes when None).
        additional_args (tuple or list): More values to include.
    """
    if dtypes is None:
        dtypes = all_dtypes
    if not isinstance(argname, str):
        raise TypeError('argname must be a str')
    values = list(dtypes)
    values += [numpy.dtype(dt) for dt in dtypes]
    values += [numpy.dtype(dt).char for dt in dtypes]
    if additional_args is not None:
        values += list(additional_args)
    return pytest.mark.parametrize(argname, values)
