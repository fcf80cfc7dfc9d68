"""Elementwise mathematical routines against NumPy, with their gradients."""
import numpy
import pytest

import chainerx
import chainerx.testing

_FLOAT_FUNCS = [
    # name, input range, differentiable
    ('exp', (-1, 1), True), ('expm1', (-1, 1), True), ('exp2', (-1, 1), True),
    ('log', (0.5, 2), True), ('log10', (0.5, 2), True), ('log2', (0.5, 2), True),
    ('log1p', (-0.5, 1), True), ('sqrt', (0.5, 2), True), ('cbrt', (0.5, 2), True),
    ('sin', (-2, 2), True), ('cos', (-2, 2), True), ('tan', (-1, 1), True),
    ('arcsin', (-0.8, 0.8), True), ('arccos', (-0.8, 0.8), True), ('arctan', (-2, 2), True),
    ('sinh', (-1, 1), True), ('cosh', (-1, 1), True), ('tanh', (-2, 2), True),
    ('arcsinh', (-2, 2), True), ('arccosh', (1.5, 3), True), ('arctanh', (-0.8, 0.8), True),
    ('fabs', (-2, 2), True), ('ceil', (-3, 3), False), ('floor', (-3, 3), False),
    ('trunc', (-3, 3), False), ('fix', (-3, 3), False),
]


def _uniform(shape, low, high, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('name,bounds,differentiable', _FLOAT_FUNCS)
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6, float16_rtol=1e-2, float16_atol=1e-2)
def test_float_function_forward(xp, name, bounds, differentiable, dtype):
    x = xp.asarray(_uniform((2, 3), bounds[0], bounds[1], dtype))
    return getattr(xp, name)(x)


@pytest.mark.parametrize('name,bounds,differentiable', _FLOAT_FUNCS)
@pytest.mark.parametrize('dtype', ['int32', 'bool_'])
def test_float_function_of_integral_input_is_float32(name, bounds, differentiable, dtype):
    x = numpy.array([1, 0, 1]).astype(dtype)
    with numpy.errstate(all='ignore'):
        y = getattr(chainerx, name)(chainerx.array(x))
        expected = getattr(numpy, name)(x.astype(numpy.float32))
    assert y.dtype == numpy.float32
    chainerx.testing.assert_allclose(y, expected, rtol=1e-6)


@pytest.mark.parametrize('name,bounds,differentiable',
                         [f for f in _FLOAT_FUNCS if f[2]])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_float_function_backward(grad_check, name, bounds, differentiable, dtype):
    x = _uniform((2, 3), bounds[0], bounds[1], dtype)
    grad_check(lambda xs: getattr(chainerx, name)(xs[0]), [x])


@pytest.mark.parametrize('name', ['floor', 'ceil', 'trunc', 'fix'])
def test_rounding_is_not_differentiable(name):
    x = chainerx.array([1.5]).require_grad()
    assert not getattr(chainerx, name)(x).is_backprop_required()


@pytest.mark.parametrize('name', ['absolute', 'square', 'sign', 'negative'])
@pytest.mark.parametrize('dtype', ['int8', 'int32', 'uint8', 'float16', 'float32', 'float64'])
@chainerx.testing.numpy_chainerx_array_equal()
def test_dtype_preserving_functions(xp, name, dtype):
    if name == 'negative' and dtype == 'uint8':
        return chainerx.testing.ignore()
    x = xp.asarray(numpy.array([[-2, 0, 3], [1, -1, 2]]).astype(dtype))
    return getattr(xp, name)(x)


@pytest.mark.parametrize('name', ['absolute', 'square', 'sign', 'negative'])
def test_bool_not_supported(name):
    with pytest.raises(chainerx.DtypeError):
        getattr(chainerx, name)(chainerx.array([True]))


@pytest.mark.parametrize('name', ['absolute', 'square'])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_dtype_preserving_backward(grad_check, name, dtype):
    x = _uniform((3, 2), 0.2, 1, dtype) * numpy.array([1, -1], dtype)
    grad_check(lambda xs: getattr(chainerx, name)(xs[0]), [x])


def test_abs_alias():
    assert chainerx.abs is chainerx.absolute


@pytest.mark.parametrize('name', ['maximum', 'minimum'])
@pytest.mark.parametrize('shapes', [((2, 3), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3))])
@chainerx.testing.numpy_chainerx_array_equal()
def test_maximum_minimum(xp, name, shapes):
    a = xp.asarray(_uniform(shapes[0], -1, 1, 'float32', 1))
    b = xp.asarray(_uniform(shapes[1], -1, 1, 'float32', 2))
    return getattr(xp, name)(a, b)


@pytest.mark.parametrize('name', ['maximum', 'minimum'])
@pytest.mark.parametrize('scalar', [0, 0.25, True])
@chainerx.testing.numpy_chainerx_array_equal()
def test_maximum_minimum_scalar(xp, name, scalar):
    a = xp.asarray(_uniform((2, 3), -1, 1, 'float32'))
    return getattr(xp, name)(a, scalar), getattr(xp, name)(scalar, a)


@pytest.mark.parametrize('name', ['maximum', 'minimum'])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_maximum_minimum_backward(grad_check, name, dtype):
    a = _uniform((2, 3), -1, 1, dtype, 1)
    b = _uniform((3,), -1, 1, dtype, 2)
    grad_check(lambda xs: getattr(chainerx, name)(xs[0], xs[1]), [a, b])
    grad_check(lambda xs: getattr(chainerx, name)(xs[0], 0.1), [a])


def test_maximum_nan_propagates():
    y = chainerx.maximum(chainerx.array([numpy.nan, 1.]), chainerx.array([0., 2.]))
    assert numpy.isnan(float(y[0]))


@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_arctan2(grad_check, dtype):
    a = _uniform((2, 3), -1, 1, dtype, 1)
    b = _uniform((2, 3), 0.5, 1, dtype, 2)
    y = chainerx.arctan2(chainerx.array(a), chainerx.array(b))
    chainerx.testing.assert_allclose(y, numpy.arctan2(a, b), rtol=1e-3 if dtype == 'float16'
                                     else 1e-6)
    grad_check(lambda xs: chainerx.arctan2(xs[0], xs[1]), [a, b])


def test_argument_must_be_an_array():
    with pytest.raises(TypeError):
        chainerx.exp(numpy.ones(2))
    with pytest.raises(TypeError):
        chainerx.exp([1.0])
