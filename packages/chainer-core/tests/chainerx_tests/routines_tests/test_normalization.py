"""batch_norm (with running statistics) and fixed_batch_norm."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _uniform(shape, seed, low=-1, high=1, dtype='float64'):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_CASES = [((4, 3), None, (3,)), ((3, 2, 4, 2), None, (2,)), ((3, 2, 4), (0, 2), (2,)),
          ((3, 2, 4), 0, (2, 4)), ((3, 2, 4), None, (1, 2, 1))]


@pytest.mark.parametrize('shape,axis,param_shape', _CASES)
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_batch_norm(shape, axis, param_shape, dtype):
    x = _uniform(shape, 0, dtype=dtype)
    gamma = _uniform(param_shape, 1, 0.5, 1.5, dtype)
    beta = _uniform(param_shape, 2, dtype=dtype)
    mean = numpy.zeros(param_shape, dtype)
    var = numpy.ones(param_shape, dtype)
    running_mean = chainerx.array(mean)
    running_var = chainerx.array(var)
    y = chainerx.batch_norm(chainerx.array(x), chainerx.array(gamma), chainerx.array(beta),
                            running_mean, running_var, eps=1e-5, decay=0.8, axis=axis)
    axes = (0,) + tuple(range(2, len(shape))) if axis is None else \
        ((axis,) if isinstance(axis, int) else axis)
    x64 = x.astype(numpy.float64)
    mu = x64.mean(axis=axes, keepdims=True)
    sigma2 = x64.var(axis=axes, keepdims=True)
    kept = mu.shape
    expected = ((x64 - mu) / numpy.sqrt(sigma2 + 1e-5) * gamma.reshape(kept)
                + beta.reshape(kept))
    tol = 3e-2 if dtype == 'float16' else 1e-5
    chainerx.testing.assert_allclose(y, expected, rtol=tol, atol=tol)
    m = x.size // gamma.size
    chainerx.testing.assert_allclose(running_mean, 0.2 * mu.reshape(param_shape), rtol=tol,
                                     atol=tol)
    chainerx.testing.assert_allclose(
        running_var, 0.8 + 0.2 * sigma2.reshape(param_shape) * m / (m - 1), rtol=tol,
        atol=tol)


@pytest.mark.parametrize('shape,axis,param_shape', _CASES[:3])
def test_batch_norm_backward(grad_check, shape, axis, param_shape):
    inputs = [_uniform(shape, 0), _uniform(param_shape, 1, 0.5, 1.5),
              _uniform(param_shape, 2)]
    grad_check(lambda xs: chainerx.batch_norm(xs[0], xs[1], xs[2], None, None, axis=axis),
               inputs)


def test_batch_norm_backward_float32(grad_check):
    grad_check(lambda xs: chainerx.batch_norm(xs[0], xs[1], xs[2], None, None),
               [_uniform((5, 3), 0, dtype='float32'), _uniform((3,), 1, 0.5, 1.5, 'float32'),
                _uniform((3,), 2, dtype='float32')], double=False)


@pytest.mark.parametrize('shape,axis,param_shape', _CASES)
def test_fixed_batch_norm(grad_check, shape, axis, param_shape):
    inputs = [_uniform(shape, 0), _uniform(param_shape, 1, 0.5, 1.5),
              _uniform(param_shape, 2), _uniform(param_shape, 3),
              _uniform(param_shape, 4, 0.5, 1.5)]
    x, gamma, beta, mean, var = inputs
    y = chainerx.fixed_batch_norm(*[chainerx.array(a) for a in inputs], eps=1e-3, axis=axis)
    axes = (0,) + tuple(range(2, len(shape))) if axis is None else \
        ((axis,) if isinstance(axis, int) else axis)
    kept = tuple(1 if i in axes else s for i, s in enumerate(shape))
    expected = ((x - mean.reshape(kept)) / numpy.sqrt(var.reshape(kept) + 1e-3)
                * gamma.reshape(kept) + beta.reshape(kept))
    chainerx.testing.assert_allclose(y, expected, rtol=1e-10)
    grad_check(lambda xs: chainerx.fixed_batch_norm(*xs, axis=axis), inputs)


def test_batch_norm_errors():
    x = chainerx.ones((2, 3))
    with pytest.raises(chainerx.DimensionError):
        chainerx.batch_norm(x, chainerx.ones((2,)), chainerx.ones((2,)), None, None)
    with pytest.raises(chainerx.DtypeError):
        chainerx.batch_norm(chainerx.ones((2, 3), 'int32'), chainerx.ones((3,)),
                            chainerx.ones((3,)), None, None)
