"""Reductions and statistics against NumPy, with their gradients."""
import numpy
import pytest

import chainerx
import chainerx.testing

_AXES = [None, 0, 1, -1, (0, 2), (2, 0, 1)]


def _uniform(shape, dtype='float32', seed=0, low=-1, high=1):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('name', ['sum', 'amax', 'amin', 'mean', 'var', 'nansum'])
@pytest.mark.parametrize('axis', _AXES)
@pytest.mark.parametrize('keepdims', [False, True])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-5, atol=1e-6)
def test_reductions(xp, name, axis, keepdims):
    a = xp.asarray(_uniform((2, 3, 4)))
    return getattr(xp, name)(a, axis=axis, keepdims=keepdims)


@pytest.mark.parametrize('name', ['sum', 'amax', 'amin', 'mean', 'var', 'logsumexp',
                                  'nansum'])
@pytest.mark.parametrize('axis', [None, 1, (0, 2)])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_reductions_backward(grad_check, name, axis, dtype):
    a = _uniform((2, 3, 2), dtype)
    grad_check(lambda xs: getattr(chainerx, name)(xs[0], axis=axis), [a])


_SUM_DTYPES = [('bool_', 'int64'), ('int8', 'int64'), ('int32', 'int64'), ('int64', 'int64'),
               ('uint8', 'int64'), ('float16', 'float16'), ('float32', 'float32'),
               ('float64', 'float64')]   # v7 sums unsigned integers as int64 too


@pytest.mark.parametrize('name', ['sum', 'nansum', 'cumsum'])
@pytest.mark.parametrize('dtype,expected', _SUM_DTYPES)
def test_sum_dtypes(name, dtype, expected):
    a = chainerx.ones((3, 2), dtype)
    s = getattr(chainerx, name)(a)
    assert s.dtype == numpy.dtype(expected)
    assert int(s.ravel()[-1]) == 6


def test_sum_of_int8_does_not_overflow():
    a = chainerx.full((300,), 100, 'int8')
    assert int(chainerx.sum(a)) == 30000
    assert int(a.sum()) == 30000


def test_sum_float16_accumulates_precisely():
    a = chainerx.full((4096,), 0.1, 'float16')
    assert abs(float(chainerx.sum(a)) - 409.6) < 0.5


def test_max_min_aliases():
    assert chainerx.max is chainerx.amax
    assert chainerx.min is chainerx.amin


def test_max_ties_all_get_the_gradient():
    a = chainerx.array([1., 3., 3.]).require_grad()
    chainerx.amax(a).backward()
    chainerx.testing.assert_array_equal(a.grad, [0, 1, 1])


def test_reduction_axis_errors():
    a = chainerx.ones((2, 3))
    with pytest.raises(chainerx.DimensionError):
        chainerx.sum(a, axis=2)
    with pytest.raises(chainerx.DimensionError):
        chainerx.sum(a, axis=(0, 0))
    with pytest.raises(chainerx.DimensionError):
        chainerx.amax(chainerx.ones((0, 2)), axis=0)
    with pytest.raises(chainerx.DimensionError):
        chainerx.argmax(chainerx.ones((0,)))


@pytest.mark.parametrize('axis', [None, 0, 1, -1])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-5)
def test_logsumexp(xp, axis):
    a = _uniform((3, 4), 'float64', 0, -50, 50)
    if xp is numpy:
        m = a.max(axis=axis, keepdims=True)
        return numpy.squeeze(numpy.log(numpy.exp(a - m).sum(axis=axis, keepdims=True)) + m,
                             axis=axis)
    return chainerx.logsumexp(chainerx.array(a), axis=axis)


def test_logsumexp_keepdims_and_infinities():
    a = chainerx.array([[-numpy.inf, -numpy.inf], [0., 0.]])
    with numpy.errstate(divide='ignore'):
        y = chainerx.logsumexp(a, axis=1, keepdims=True)
    assert y.shape == (2, 1)
    assert float(y[0, 0]) == -numpy.inf
    assert abs(float(y[1, 0]) - numpy.log(2)) < 1e-12


@pytest.mark.parametrize('name', ['argmax', 'argmin', 'nanargmax', 'nanargmin'])
@pytest.mark.parametrize('axis', [None, 0, 1, -1])
@chainerx.testing.numpy_chainerx_array_equal()
def test_arg_reductions(xp, name, axis):
    a = xp.asarray(_uniform((3, 4)))
    return getattr(xp, name)(a, axis)


def test_nanarg_ignores_nan():
    a = chainerx.array([numpy.nan, 1., 3., 2.])
    assert int(chainerx.nanargmax(a)) == 2
    assert int(chainerx.argmax(a)) == 0


@pytest.mark.parametrize('axis', [None, 0, 1])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6)
def test_cumsum(xp, axis):
    return xp.cumsum(xp.asarray(_uniform((3, 4))), axis)


@pytest.mark.parametrize('axis', [None, 0, 1])
def test_cumsum_backward(grad_check, axis):
    grad_check(lambda xs: chainerx.cumsum(xs[0], axis), [_uniform((3, 4), 'float64')])


@pytest.mark.parametrize('axis', [None, 0, (0, 1)])
@chainerx.testing.numpy_chainerx_array_equal(dtype_check=False)
def test_count_nonzero(xp, axis):
    a = xp.asarray(numpy.array([[0, 1, 2], [3, 0, 0]], numpy.int32))
    return xp.asarray(xp.count_nonzero(a, axis=axis)) if xp is numpy else \
        xp.count_nonzero(a, axis)


@pytest.mark.parametrize('name', ['all', 'any'])
@pytest.mark.parametrize('axis', [None, 0, 1])
@pytest.mark.parametrize('keepdims', [False, True])
@chainerx.testing.numpy_chainerx_array_equal()
def test_all_any(xp, name, axis, keepdims):
    a = xp.asarray(numpy.array([[True, False, True], [True, True, True]]))
    return getattr(xp, name)(a, axis=axis, keepdims=keepdims)


def test_mean_var_of_integers_are_float32():
    a = chainerx.array([1, 2, 3, 4], 'int32')
    assert chainerx.mean(a).dtype == numpy.float32
    assert float(chainerx.var(a)) == 1.25
