"""Comparisons, logical operations and floating point classification."""
import numpy
import pytest

import chainerx
import chainerx.testing


@pytest.mark.parametrize('name', ['equal', 'not_equal', 'greater', 'greater_equal', 'less',
                                  'less_equal', 'logical_and', 'logical_or', 'logical_xor'])
@pytest.mark.parametrize('dtypes', [('float32', 'float32'), ('int32', 'float16'),
                                    ('bool_', 'bool_'), ('uint8', 'int8')])
@chainerx.testing.numpy_chainerx_array_equal()
def test_binary_logic(xp, name, dtypes):
    a = xp.asarray(numpy.array([[0, 1, 2], [2, 1, 0]]).astype(dtypes[0]))
    b = xp.asarray(numpy.array([1, 1, 0]).astype(dtypes[1]))
    return getattr(xp, name)(a, b), getattr(xp, name)(a, 1), getattr(xp, name)(1, a)


def test_comparison_broadcast_error():
    with pytest.raises(chainerx.DimensionError):
        chainerx.equal(chainerx.ones((2,)), chainerx.ones((3,)))


@pytest.mark.parametrize('name', ['logical_not', 'isnan', 'isinf', 'isfinite'])
@chainerx.testing.numpy_chainerx_array_equal()
def test_unary_logic(xp, name):
    a = xp.asarray(numpy.array([0., numpy.nan, numpy.inf, -numpy.inf, 2.], numpy.float32))
    return getattr(xp, name)(a)


@pytest.mark.parametrize('name', ['invert', 'bitwise_not'])
@chainerx.testing.numpy_chainerx_array_equal()
def test_invert(xp, name):
    return (getattr(xp, name)(xp.asarray(numpy.array([0, 5], numpy.int8))),
            getattr(xp, name)(xp.asarray(numpy.array([True, False]))))


def test_invert_float_raises():
    with pytest.raises(chainerx.DtypeError):
        ~chainerx.ones((1,))


def test_comparisons_are_not_differentiable():
    a = chainerx.ones((2,)).require_grad()
    assert not (a > 0).is_backprop_required()
