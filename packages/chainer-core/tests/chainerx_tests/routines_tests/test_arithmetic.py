"""Elementwise arithmetic routines: results, dtype promotion, broadcasting and gradients."""
import numpy
import pytest

import chainerx
import chainerx.testing

_BINARY = ['add', 'subtract', 'multiply', 'divide', 'power', 'remainder', 'floor_divide']


def _data(shape, dtype, seed=0, low=1, high=4):
    values = numpy.random.RandomState(seed).uniform(low, high, shape)
    if numpy.dtype(dtype).kind in 'iub':
        values = numpy.round(values)
    return values.astype(dtype)


@pytest.mark.parametrize('name', _BINARY)
@pytest.mark.parametrize('dtype', ['int8', 'int32', 'int64', 'uint8', 'float16', 'float32',
                                   'float64'])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6, float16_rtol=1e-3,
                                          accept_error=(TypeError, chainerx.DtypeError))
def test_binary_same_dtype(xp, name, dtype):
    a = xp.asarray(_data((2, 3), dtype, 1))
    b = xp.asarray(_data((2, 3), dtype, 2))
    if name == 'divide' and dtype not in chainerx.testing.float_dtypes:
        # ChainerX divides integers into float32, NumPy into float64
        return xp.divide(a, b).astype('float32')
    return getattr(xp, name)(a, b)


def test_integer_division_gives_float32():
    y = chainerx.divide(chainerx.array([1, 2], 'int32'), chainerx.array([2, 4], 'int32'))
    assert y.dtype == numpy.float32
    chainerx.testing.assert_array_equal(y, [0.5, 0.5])
    assert chainerx.true_divide is chainerx.divide


@pytest.mark.parametrize('dtypes,expected', [
    (('int8', 'uint8'), 'int16'), (('int32', 'int64'), 'int64'), (('uint8', 'int64'), 'int64'),
    (('bool_', 'int8'), 'int8'), (('bool_', 'float16'), 'float16'),
    (('int64', 'float16'), 'float16'), (('float16', 'float32'), 'float32'),
    (('uint8', 'float64'), 'float64'), (('int32', 'float32'), 'float32'),
])
def test_array_promotion(dtypes, expected):
    a = chainerx.ones((2,), dtypes[0])
    b = chainerx.ones((2,), dtypes[1])
    assert (a + b).dtype == numpy.dtype(expected)
    assert (b * a).dtype == numpy.dtype(expected)


@pytest.mark.parametrize('dtype,scalar,expected', [
    ('int32', 2, 'int32'), ('int8', 1, 'int8'), ('int32', 2.5, 'float32'),
    ('uint8', 1.5, 'float32'), ('bool_', 1, 'int64'), ('bool_', True, 'bool_'),
    ('bool_', 1.5, 'float32'), ('float16', 2, 'float16'), ('float16', 2.5, 'float16'),
    ('float64', 1, 'float64'), ('float32', numpy.float64(2), 'float32'),
])
def test_scalar_promotion(dtype, scalar, expected):
    a = chainerx.ones((2,), dtype)
    assert (a + scalar).dtype == numpy.dtype(expected)
    assert (scalar + a).dtype == numpy.dtype(expected)


def test_out_of_range_integer_scalar_wraps_around():
    # v7 casts the scalar to the array's dtype as C++ does, whatever NumPy's version
    a = chainerx.array([1, 2], 'int8')
    chainerx.testing.assert_array_equal(a + 1000, numpy.array([-23, -22], numpy.int8))
    chainerx.testing.assert_array_equal(1000 - a, numpy.array([-25, -26], numpy.int8))
    u = chainerx.array([1, 2], 'uint8')
    chainerx.testing.assert_array_equal(u * -1, numpy.array([255, 254], numpy.uint8))


@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply', 'divide', 'power',
                                  'remainder'])
@pytest.mark.parametrize('scalar', [2, 0.5])
@pytest.mark.parametrize('reflected', [False, True])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6)
def test_binary_with_scalar(xp, name, scalar, reflected):
    a = xp.asarray(_data((2, 3), 'float32'))
    args = (scalar, a) if reflected else (a, scalar)
    return getattr(xp, name)(*args)


@pytest.mark.parametrize('name', _BINARY)
@pytest.mark.parametrize('shapes', [((2, 3), (3,)), ((2, 1), (1, 3)), ((), (2, 3))])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6)
def test_broadcast(xp, name, shapes):
    a = xp.asarray(_data(shapes[0], 'float32', 1))
    b = xp.asarray(_data(shapes[1], 'float32', 2))
    return getattr(xp, name)(a, b)


@pytest.mark.parametrize('name', _BINARY)
def test_broadcast_error(name):
    with pytest.raises(chainerx.DimensionError):
        getattr(chainerx, name)(chainerx.ones((2, 3)), chainerx.ones((4,)))


@pytest.mark.parametrize('name', ['subtract', 'power', 'remainder', 'floor_divide'])
def test_bool_arithmetic_raises(name):
    with pytest.raises(chainerx.DtypeError):
        getattr(chainerx, name)(chainerx.array([True]), chainerx.array([False]))


def test_bool_add_and_multiply_are_logical():
    a = chainerx.array([True, False])
    b = chainerx.array([True, True])
    chainerx.testing.assert_array_equal(a + b, [True, True])
    chainerx.testing.assert_array_equal(a * b, [True, False])


def test_unsupported_operands():
    with pytest.raises(TypeError):
        chainerx.add(1, 2)
    with pytest.raises(TypeError):
        chainerx.add(chainerx.ones(1), 'a')


@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply', 'divide'])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
@pytest.mark.parametrize('shapes', [((2, 3), (2, 3)), ((2, 3), (3,)), ((1, 3), (2, 1))])
def test_binary_backward(grad_check, name, dtype, shapes):
    a = _data(shapes[0], dtype, 1)
    b = _data(shapes[1], dtype, 2)
    grad_check(lambda xs: getattr(chainerx, name)(xs[0], xs[1]), [a, b])


@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_power_backward(grad_check, dtype):
    a = _data((2, 3), dtype, 1, 1, 2)
    b = _data((3,), dtype, 2, -1, 1)
    grad_check(lambda xs: chainerx.power(xs[0], xs[1]), [a, b])
    grad_check(lambda xs: xs[0] ** 2.5, [a])
    grad_check(lambda xs: 1.5 ** xs[0], [a])


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_remainder_and_fmod_backward(grad_check, dtype):
    a = _data((2, 3), dtype, 1, 1, 2)
    b = _data((2, 3), dtype, 2, 0.3, 0.45)
    grad_check(lambda xs: chainerx.remainder(xs[0], xs[1]), [a, b])
    grad_check(lambda xs: chainerx.fmod(xs[0], xs[1]), [a, b])
    grad_check(lambda xs: 2.0 % xs[0], [b])


@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply', 'divide'])
@pytest.mark.parametrize('reflected', [False, True])
@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_scalar_backward(grad_check, name, reflected, dtype):
    a = _data((2, 3), dtype, 1)
    if reflected:
        grad_check(lambda xs: getattr(chainerx, name)(1.5, xs[0]), [a])
    else:
        grad_check(lambda xs: getattr(chainerx, name)(xs[0], 1.5), [a])


@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_negative_and_reciprocal(grad_check, dtype):
    a = _data((2, 3), dtype, 1)
    chainerx.testing.assert_allclose(chainerx.reciprocal(chainerx.array(a)), 1 / a,
                                     rtol=1e-3)
    grad_check(lambda xs: chainerx.negative(xs[0]), [a])
    grad_check(lambda xs: chainerx.reciprocal(xs[0]), [a])


@chainerx.testing.numpy_chainerx_array_equal()
def test_fmod(xp):
    a = xp.asarray(numpy.array([-3., 5., -7.5], numpy.float32))
    b = xp.asarray(numpy.array([2., -3., 2.], numpy.float32))
    return xp.fmod(a, b)


@pytest.mark.parametrize('name', ['bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift',
                                  'right_shift'])
@pytest.mark.parametrize('dtype', ['int8', 'int32', 'uint8', 'bool_'])
@chainerx.testing.numpy_chainerx_array_equal(accept_error=(TypeError, chainerx.DtypeError))
def test_bitwise(xp, name, dtype):
    a = xp.asarray(numpy.array([1, 0, 3]).astype(dtype))
    b = xp.asarray(numpy.array([1, 1, 2]).astype(dtype))
    if dtype == 'bool_' and 'shift' in name:
        return chainerx.testing.ignore()
    return getattr(xp, name)(a, b), getattr(xp, name)(a, 1)


def test_bitwise_of_floats_raises():
    with pytest.raises(chainerx.DtypeError):
        chainerx.bitwise_and(chainerx.ones(2), chainerx.ones(2))


def test_mod_alias():
    assert chainerx.mod is chainerx.remainder
