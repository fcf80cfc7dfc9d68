"""Activation routines against NumPy references, with their gradients."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _softmax(x, axis):
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


_CASES = [
    ('relu', {}, lambda x: numpy.maximum(x, 0)),
    ('leaky_relu', {}, lambda x: numpy.where(x >= 0, x, 0.2 * x)),
    ('leaky_relu', {'slope': 0.5}, lambda x: numpy.where(x >= 0, x, 0.5 * x)),
    ('elu', {}, lambda x: numpy.where(x > 0, x, numpy.expm1(x))),
    ('elu', {'alpha': 2.0}, lambda x: numpy.where(x > 0, x, 2 * numpy.expm1(x))),
    ('sigmoid', {}, _sigmoid),
    ('softplus', {}, lambda x: numpy.log1p(numpy.exp(x))),
    ('softplus', {'beta': 2.0}, lambda x: numpy.log1p(numpy.exp(2 * x)) / 2),
    ('softmax', {}, lambda x: _softmax(x, 1)),
    ('softmax', {'axis': 0}, lambda x: _softmax(x, 0)),
    ('softmax', {'axis': (0, 2)}, lambda x: _softmax(x, (0, 2))),
    ('log_softmax', {}, lambda x: numpy.log(_softmax(x, 1))),
    ('log_softmax', {'axis': -1}, lambda x: numpy.log(_softmax(x, -1))),
]


def _input(dtype, seed=0):
    x = numpy.random.RandomState(seed).uniform(-2, 2, (2, 3, 2))
    x[numpy.abs(x) < 0.1] = 0.5  # away from the kinks
    return x.astype(dtype)


@pytest.mark.parametrize('name,kwargs,reference', _CASES)
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_forward(name, kwargs, reference, dtype):
    x = _input(dtype)
    y = getattr(chainerx, name)(chainerx.array(x), **kwargs)
    assert y.dtype == numpy.dtype(dtype)
    tol = 1e-2 if dtype == 'float16' else 1e-6
    chainerx.testing.assert_allclose(y, reference(x.astype(numpy.float64)), rtol=tol,
                                     atol=tol)


@pytest.mark.parametrize('name,kwargs,reference', _CASES)
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_backward(grad_check, name, kwargs, reference, dtype):
    grad_check(lambda xs: getattr(chainerx, name)(xs[0], **kwargs), [_input(dtype)])


def test_relu_of_integers_and_gradient_at_zero():
    y = chainerx.relu(chainerx.array([-1, 2], 'int32'))
    assert y.dtype == numpy.int32
    chainerx.testing.assert_array_equal(y, [0, 2])
    x = chainerx.array([0., 1.]).require_grad()
    chainerx.relu(x).sum().backward()
    chainerx.testing.assert_array_equal(x.grad, [0, 1])


def test_softplus_is_stable_for_large_inputs():
    y = chainerx.softplus(chainerx.array([1000., -1000.]))
    chainerx.testing.assert_allclose(y, [1000, 0])


@pytest.mark.parametrize('name', ['sigmoid', 'softmax', 'log_softmax', 'elu', 'leaky_relu',
                                  'softplus'])
def test_integral_input_raises(name):
    with pytest.raises(chainerx.DtypeError):
        getattr(chainerx, name)(chainerx.array([[1, 2]], 'int32'))
