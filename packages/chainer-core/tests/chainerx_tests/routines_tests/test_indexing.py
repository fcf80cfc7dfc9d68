"""take, where, nonzero (basic indexing is tested with the ndarray)."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _arange(shape, dtype='float32'):
    return numpy.arange(numpy.prod(shape), dtype=dtype).reshape(shape)


@pytest.mark.parametrize('indices,axis', [([0, 2], 0), ([[1], [0]], 1), ([3, 1, 3], None),
                                          ([], 1), (2, 0), ([-1, 0], 1)])
@chainerx.testing.numpy_chainerx_array_equal()
def test_take(xp, indices, axis):
    a = xp.asarray(_arange((3, 4)))
    if xp is chainerx:
        indices = chainerx.array(numpy.asarray(indices, numpy.int64))
    return xp.take(a, indices, axis)


def test_take_accepts_sequences_and_wraps():
    a = chainerx.array(_arange((4,)))
    chainerx.testing.assert_array_equal(chainerx.take(a, [0, 5, -1]), [0, 1, 3])
    chainerx.testing.assert_array_equal(a.take(numpy.array([1, 2])), [1, 2])
    chainerx.testing.assert_array_equal(chainerx.take(a, [9], mode='clip'), [3])
    with pytest.raises(IndexError):
        chainerx.take(a, [4], mode='raise')
    with pytest.raises(chainerx.DtypeError):
        chainerx.take(a, chainerx.array([1.0]))
    with pytest.raises(chainerx.DimensionError):
        chainerx.take(a, [0], axis=2)


@pytest.mark.parametrize('axis', [0, 1, None])
def test_take_backward_accumulates_repeated_indices(grad_check, axis):
    indices = chainerx.array([1, 1, 0])
    a = numpy.random.RandomState(0).uniform(-1, 1, (2, 3))
    grad_check(lambda xs: chainerx.take(xs[0], indices, axis), [a])


@pytest.mark.parametrize('shapes', [((2, 3), (2, 3), (2, 3)), ((2, 3), (3,), (1, 3)),
                                    ((3,), (2, 3), ())])
@chainerx.testing.numpy_chainerx_array_equal()
def test_where(xp, shapes):
    rng = numpy.random.RandomState(0)
    cond = xp.asarray(rng.uniform(-1, 1, shapes[0]) > 0)
    x = xp.asarray(rng.uniform(-1, 1, shapes[1]).astype(numpy.float32))
    y = xp.asarray(rng.uniform(-1, 1, shapes[2]).astype(numpy.float32))
    return xp.where(cond, x, y)


@chainerx.testing.numpy_chainerx_array_equal(dtype_check=False)
def test_where_scalars_and_dtypes(xp):
    cond = xp.asarray(numpy.array([True, False, True]))
    x = xp.asarray(numpy.array([1, 2, 3], numpy.int32))
    return xp.where(cond, x, 0.5), xp.where(cond, 2, x), xp.where(cond, 1.5, 2)


def test_where_backward(grad_check):
    rng = numpy.random.RandomState(0)
    cond = chainerx.array(rng.uniform(-1, 1, (2, 3)) > 0)
    x = rng.uniform(-1, 1, (2, 3))
    y = rng.uniform(-1, 1, (3,))
    grad_check(lambda xs: chainerx.where(cond, xs[0], xs[1]), [x, y])
    grad_check(lambda xs: chainerx.where(cond, xs[0], 0.5), [x])


def test_where_errors():
    with pytest.raises(chainerx.DimensionError):
        chainerx.where(chainerx.ones((2,), 'bool_'), chainerx.ones((3,)), chainerx.ones((3,)))
    with pytest.raises(TypeError):
        chainerx.where(chainerx.ones((2,), 'bool_'), 'a', 1)


@pytest.mark.parametrize('shape', [(), (4,), (2, 3)])
@chainerx.testing.numpy_chainerx_array_equal()
def test_nonzero(xp, shape):
    a = xp.asarray(numpy.random.RandomState(0).randint(0, 2, shape).astype(numpy.float32)
                   if shape else numpy.array(1., numpy.float32))
    if xp is numpy and not shape:
        return (numpy.array([0]),)
    return tuple(xp.nonzero(a))
