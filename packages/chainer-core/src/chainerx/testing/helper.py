"""Decorators running a test with NumPy and with ChainerX and comparing the results.

The decorated test takes the array module as the keyword argument ``name`` (``xp``). It is
called once with :mod:`chainerx` and once with :mod:`numpy`; both must return arrays (or equal
length tuples/lists of arrays, or both :func:`ignore`), which are then compared. If either
call raises, both must raise exceptions of the ``accept_error`` classes.
"""
import functools
import inspect

import numpy
import pytest

import chainerx
from chainerx.testing import array


class _Ignored:
    def __repr__(self):
        return 'chainerx.testing.ignore()'


_ignored = _Ignored()


def ignore():
    """A result that a decorated test returns (with both modules) to skip the comparison."""
    return _ignored


def _call(impl, args, kwargs):
    try:
        return impl(*args, **kwargs), None
    except Exception as e:  # compared with the other module's outcome
        return None, e


def _check_errors(chainerx_error, numpy_error, accept_error):
    if chainerx_error is None:
        pytest.fail('Only numpy raised an error:\n{!r}'.format(numpy_error))
    if numpy_error is None:
        raise chainerx_error
    if not (isinstance(chainerx_error, accept_error) and isinstance(numpy_error, accept_error)):
        pytest.fail('Both chainerx and numpy raised errors, but not both of the accepted '
                    'classes {}:\nchainerx: {!r}\nnumpy: {!r}'.format(
                        accept_error, chainerx_error, numpy_error))


def _compare(check, chainerx_result, numpy_result):
    if chainerx_result is _ignored and numpy_result is _ignored:
        return
    if isinstance(chainerx_result, (tuple, list)):
        if not isinstance(numpy_result, (tuple, list)) or len(chainerx_result) != len(
                numpy_result):
            pytest.fail('Results differ in structure: chainerx {!r}, numpy {!r}'.format(
                chainerx_result, numpy_result))
        for c, n in zip(chainerx_result, numpy_result):
            _compare(check, c, n)
        return
    if not isinstance(chainerx_result, chainerx.ndarray):
        pytest.fail('The chainerx result must be a chainerx.ndarray, not {}'.format(
            type(chainerx_result)))
    if isinstance(numpy_result, numpy.generic):
        numpy_result = numpy.asarray(numpy_result)
    if not isinstance(numpy_result, numpy.ndarray):
        pytest.fail('The numpy result must be a numpy.ndarray, not {}'.format(
            type(numpy_result)))
    check(chainerx_result, numpy_result)


def _make_decorator(check, name, accept_error):
    accept_error = tuple(accept_error) if isinstance(accept_error, (list, tuple)) else (
        accept_error,)

    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kwargs):
            kwargs[name] = chainerx
            chainerx_result, chainerx_error = _call(impl, args, kwargs)
            kwargs[name] = numpy
            numpy_result, numpy_error = _call(impl, args, kwargs)
            if chainerx_error is not None or numpy_error is not None:
                _check_errors(chainerx_error, numpy_error, accept_error)
                return
            _compare(check, chainerx_result, numpy_result)
        # the array module is given by the decorator, not by pytest (hide it from fixtures)
        signature = inspect.signature(impl)
        test_func.__signature__ = signature.replace(
            parameters=[p for n, p in signature.parameters.items() if n != name])
        return test_func
    return decorator


def numpy_chainerx_array_equal(err_msg='', verbose=True, name='xp', dtype_check=None,
                               strides_check=None, accept_error=()):
    """Decorator comparing the ChainerX and NumPy results exactly (see the module)."""
    def check(x, y):
        array.assert_array_equal_ex(x, y, err_msg, verbose, dtype_check=dtype_check,
                                    strides_check=strides_check)
    return _make_decorator(check, name, accept_error)


def numpy_chainerx_allclose(rtol=1e-7, atol=0, equal_nan=True, err_msg='', verbose=True,
                            name='xp', dtype_check=None, strides_check=None, accept_error=(),
                            float16_rtol=1e-3, float16_atol=1e-3):
    """Decorator comparing the ChainerX and NumPy results up to a tolerance (looser for
    ``float16`` results)."""
    def check(x, y):
        r, a = rtol, atol
        if x.dtype == numpy.float16 or y.dtype == numpy.float16:
            r, a = max(r, float16_rtol), max(a, float16_atol)
        array.assert_allclose_ex(x, y, r, a, equal_nan, err_msg, verbose,
                                 dtype_check=dtype_check, strides_check=strides_check)
    return _make_decorator(check, name, accept_error)
