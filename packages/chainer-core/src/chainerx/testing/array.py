"""Array assertions accepting ChainerX and NumPy arrays (ChainerX ones are copied to NumPy).

The ``*_ex`` variants also compare dtypes and strides: ``dtype_check`` defaults to True and
``strides_check`` to ``dtype_check`` (strides cannot be compared without dtypes).
"""
import numpy

import chainerx


def _to_numpy(a):
    if isinstance(a, chainerx.ndarray):
        return chainerx.to_numpy(a)
    return a


def _check_dtype_and_strides(x, y, dtype_check, strides_check):
    if strides_check and dtype_check is not None and not dtype_check:
        raise ValueError('Combination of dtype_check=False and strides_check=True is not '
                         'allowed')
    if dtype_check is None:
        dtype_check = True
    if strides_check is None:
        strides_check = dtype_check
    arrays = (numpy.ndarray, chainerx.ndarray)
    if isinstance(x, arrays) and isinstance(y, arrays):
        if dtype_check:
            assert x.dtype.name == y.dtype.name, 'Dtype mismatch: x: {}, y: {}'.format(
                x.dtype, y.dtype)
        if strides_check:
            # the stride of an axis of length 0 or 1 never selects memory
            x_strides = _significant_strides(x)
            y_strides = _significant_strides(y)
            assert x_strides == y_strides, 'Strides mismatch: x: {}, y: {}'.format(
                x.strides, y.strides)


def _significant_strides(a):
    if a.size == 0:
        return ()
    return tuple(s if n > 1 else None for s, n in zip(a.strides, a.shape))


def assert_allclose(x, y, rtol=1e-7, atol=0, equal_nan=True, err_msg='', verbose=True):
    """Raises an AssertionError if two array-likes are not equal up to a tolerance.

    See :func:`numpy.testing.assert_allclose`.
    """
    numpy.testing.assert_allclose(_to_numpy(x), _to_numpy(y), rtol=rtol, atol=atol,
                                  equal_nan=equal_nan, err_msg=err_msg, verbose=verbose)


def assert_allclose_ex(x, y, rtol=1e-7, atol=0, equal_nan=True, err_msg='', verbose=True,
                       **kwargs):
    """assert_allclose_ex(x, y, rtol=1e-7, atol=0, equal_nan=True, err_msg='', verbose=True, *,
    dtype_check=True, strides_check=True)

    :func:`assert_allclose` that also compares the dtypes and the strides.
    """
    dtype_check = kwargs.pop('dtype_check', None)
    strides_check = kwargs.pop('strides_check', None)
    if kwargs:
        raise TypeError('Unexpected keyword arguments: {}'.format(', '.join(sorted(kwargs))))
    _check_dtype_and_strides(x, y, dtype_check, strides_check)
    assert_allclose(x, y, rtol, atol, equal_nan, err_msg, verbose)


def assert_array_equal(x, y, err_msg='', verbose=True):
    """Raises an AssertionError if two array-likes are not equal.

    See :func:`numpy.testing.assert_array_equal`.
    """
    numpy.testing.assert_array_equal(_to_numpy(x), _to_numpy(y), err_msg=err_msg,
                                     verbose=verbose)


def assert_array_equal_ex(x, y, *args, **kwargs):
    """assert_array_equal_ex(x, y, err_msg='', verbose=True, *, dtype_check=True,
    strides_check=True)

    :func:`assert_array_equal` that also compares the dtypes and the strides.
    """
    dtype_check = kwargs.pop('dtype_check', None)
    strides_check = kwargs.pop('strides_check', None)
    _check_dtype_and_strides(x, y, dtype_check, strides_check)
    assert_array_equal(x, y, *args, **kwargs)
