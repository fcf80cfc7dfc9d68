"""max_pool and average_pool against direct NumPy references, with their gradients."""
import itertools

import numpy
import pytest

import chainerx
import chainerx.testing


def _outsize(d, k, s, p, cover_all):
    if cover_all:
        return (d + 2 * p - k + s - 1) // s + 1
    return (d + 2 * p - k) // s + 1


def _pool_reference(x, ksize, stride, pad, cover_all, reduce, pad_value):
    dims = x.shape[2:]
    outs = [_outsize(d, k, s, p, cover_all) for d, k, s, p in zip(dims, ksize, stride, pad)]
    y = numpy.zeros(x.shape[:2] + tuple(outs), numpy.float64)
    for pos in itertools.product(*[range(o) for o in outs]):
        ranges = []
        for i, s, k, p, d in zip(pos, stride, ksize, pad, dims):
            ranges.append((i * s - p, i * s - p + k, d))
        window = x[(slice(None), slice(None)) + tuple(
            slice(max(lo, 0), min(hi, d)) for lo, hi, d in ranges)]
        full = int(numpy.prod(ksize))
        y[(slice(None), slice(None)) + pos] = reduce(window, full)
    return y


def _max(window, full):
    return window.reshape(window.shape[:2] + (-1,)).max(axis=2)


def _mean_ignore(window, full):
    flat = window.reshape(window.shape[:2] + (-1,))
    return flat.sum(axis=2) / flat.shape[2]


def _mean_zero(window, full):
    return window.reshape(window.shape[:2] + (-1,)).sum(axis=2) / full


def _distinct(shape, seed=0):
    return numpy.random.RandomState(seed).permutation(
        int(numpy.prod(shape))).reshape(shape).astype(numpy.float64) / 10


_CASES = [
    # shape, ksize, stride, pad
    ((2, 3, 6), (2,), (2,), (0,)),
    ((2, 2, 5, 4), (3, 2), (2, 1), (1, 0)),
    ((1, 2, 4, 4), (2, 2), (1, 1), (1, 1)),
    ((1, 1, 3, 4, 3), (2, 2, 2), (1, 2, 1), (0, 1, 0)),
]


@pytest.mark.parametrize('shape,ksize,stride,pad', _CASES)
@pytest.mark.parametrize('cover_all', [False, True])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_max_pool(shape, ksize, stride, pad, cover_all, dtype):
    x = _distinct(shape).astype(dtype)
    y = chainerx.max_pool(chainerx.array(x), ksize, stride, pad, cover_all)
    assert y.dtype == numpy.dtype(dtype)
    chainerx.testing.assert_allclose(
        y, _pool_reference(x, ksize, stride, pad, cover_all, _max, -numpy.inf), rtol=1e-3)


@pytest.mark.parametrize('shape,ksize,stride,pad', _CASES[:3])
@pytest.mark.parametrize('cover_all', [False, True])
def test_max_pool_backward(grad_check, shape, ksize, stride, pad, cover_all):
    grad_check(lambda xs: chainerx.max_pool(xs[0], ksize, stride, pad, cover_all),
               [_distinct(shape)])


def test_max_pool_defaults():
    x = chainerx.array(_distinct((1, 1, 4, 4)))
    assert chainerx.max_pool(x, 2).shape == (1, 1, 2, 2)
    assert chainerx.max_pool(x, 3, 2).shape == (1, 1, 1, 1)
    assert chainerx.max_pool(x, 3, 2, cover_all=True).shape == (1, 1, 2, 2)
    assert chainerx.max_pool(chainerx.array(numpy.ones((1, 1, 4), 'int32')), 2).dtype == \
        numpy.int32


@pytest.mark.parametrize('shape,ksize,stride,pad', _CASES)
@pytest.mark.parametrize('pad_mode', ['ignore', 'zero'])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_average_pool(shape, ksize, stride, pad, pad_mode, dtype):
    x = numpy.random.RandomState(0).uniform(-1, 1, shape).astype(dtype)
    y = chainerx.average_pool(chainerx.array(x), ksize, stride, pad, pad_mode)
    reduce = _mean_ignore if pad_mode == 'ignore' else _mean_zero
    tol = 1e-2 if dtype == 'float16' else 1e-6
    chainerx.testing.assert_allclose(
        y, _pool_reference(x.astype(numpy.float64), ksize, stride, pad, False, reduce, 0),
        rtol=tol, atol=tol)


@pytest.mark.parametrize('shape,ksize,stride,pad', _CASES[:3])
@pytest.mark.parametrize('pad_mode', ['ignore', 'zero'])
def test_average_pool_backward(grad_check, shape, ksize, stride, pad, pad_mode):
    x = numpy.random.RandomState(0).uniform(-1, 1, shape)
    grad_check(lambda xs: chainerx.average_pool(xs[0], ksize, stride, pad, pad_mode), [x])


def test_pool_errors():
    x = chainerx.ones((1, 1, 3, 3))
    with pytest.raises(ValueError):
        chainerx.average_pool(x, 2, pad_mode='bad')
    with pytest.raises(chainerx.DimensionError):
        chainerx.max_pool(x, 4)
    with pytest.raises(chainerx.DimensionError):
        chainerx.max_pool(chainerx.ones((3, 3)), 2)
    with pytest.raises(chainerx.DimensionError):
        chainerx.max_pool(x, (2, 2, 2))
    with pytest.raises(chainerx.DtypeError):
        chainerx.average_pool(chainerx.ones((1, 1, 2), 'int32'), 2)
