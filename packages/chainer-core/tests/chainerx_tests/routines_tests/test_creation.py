"""Creation routines: from data, filled arrays, ranges and matrices."""
import numpy
import pytest

import chainerx
import chainerx.testing


@pytest.mark.parametrize('obj', [[1, 2, 3], [[1.5, 2.5]], 3, 2.5, True, [[True, False]]])
@chainerx.testing.numpy_chainerx_array_equal()
def test_array_from_python(xp, obj):
    return xp.array(obj)


@chainerx.testing.parametrize_dtype_specifier('dtype_spec')
def test_array_dtype_specifiers(dtype_spec):
    a = chainerx.array([1, 0, 1], dtype_spec)
    assert a.dtype == numpy.dtype(dtype_spec)


def test_array_from_numpy_keeps_dtype_and_device():
    n = numpy.arange(4, dtype=numpy.int16).reshape(2, 2)
    a = chainerx.array(n, device='native:1')
    assert a.dtype == numpy.int16 and a.device.name == 'native:1'
    chainerx.testing.assert_array_equal_ex(a, n)


def test_array_from_unsupported_numpy_dtype():
    with pytest.raises(chainerx.DtypeError):
        chainerx.array(numpy.ones(2, numpy.uint16))
    with pytest.raises(chainerx.DtypeError):
        chainerx.array(numpy.ones(2, numpy.complex64))


def test_array_from_chainerx_array():
    a = chainerx.array([1., 2.], 'float32').require_grad()
    b = chainerx.array(a)
    assert b is not a
    assert chainerx.array(a, copy=False) is a
    assert chainerx.asarray(a) is a
    c = chainerx.array(a, dtype='float64')
    assert c.dtype == numpy.float64
    d = chainerx.array(a, device='native:1')
    assert d.device.name == 'native:1'
    (b * 2 + c * 3).sum().backward()
    chainerx.testing.assert_allclose(a.grad, [5, 5])


def test_asarray_shares_numpy_memory():
    n = numpy.zeros(3, numpy.float32)
    a = chainerx.asarray(n)
    n[0] = 1
    assert float(a[0]) == 1
    assert chainerx.asanyarray(n).dtype == numpy.float32


def test_ascontiguousarray():
    a = chainerx.arange(6, dtype='float32').reshape(2, 3).T
    assert not a.is_contiguous
    c = chainerx.ascontiguousarray(a)
    assert c.is_contiguous
    chainerx.testing.assert_array_equal(c, a)
    n = numpy.ones((2, 2), numpy.float32)
    assert chainerx.ascontiguousarray(n).is_contiguous


@pytest.mark.parametrize('name', ['zeros', 'ones', 'empty'])
@pytest.mark.parametrize('shape', [(), 0, 3, (2, 3)])
def test_filled_default_dtype(name, shape):
    a = getattr(chainerx, name)(shape)
    assert a.dtype == numpy.float32
    assert a.shape == ((shape,) if isinstance(shape, int) else shape)
    if name != 'empty':
        chainerx.testing.assert_array_equal(a, getattr(numpy, name)(shape))


@pytest.mark.parametrize('dtype', chainerx.testing.all_dtypes)
@chainerx.testing.numpy_chainerx_array_equal()
def test_filled_with_dtype(xp, dtype):
    return xp.zeros((2,), dtype), xp.ones((2, 1), dtype), xp.full((3,), 1, dtype)


@pytest.mark.parametrize('value,dtype', [(1, 'int64'), (2.5, 'float32'), (True, 'bool_')])
def test_full_infers_dtype(value, dtype):
    a = chainerx.full((2,), value)
    assert a.dtype == numpy.dtype(dtype)
    chainerx.testing.assert_array_equal(a, [value, value])


@pytest.mark.parametrize('name', ['zeros_like', 'ones_like', 'empty_like'])
def test_like(name):
    a = chainerx.arange(6, dtype='int8', device='native:1').reshape(2, 3)
    b = getattr(chainerx, name)(a)
    assert b.shape == (2, 3) and b.dtype == numpy.int8 and b.device.name == 'native:1'
    c = getattr(chainerx, name)(a, device='native:0')
    assert c.device.name == 'native:0'
    f = chainerx.full_like(a, 7)
    chainerx.testing.assert_array_equal(f, numpy.full((2, 3), 7, numpy.int8))


@pytest.mark.parametrize('args', [(5,), (1, 4), (1, 8, 3), (5, 1, -2), (0.5, 2.0, 0.5)])
@chainerx.testing.numpy_chainerx_allclose(dtype_check=False)
def test_arange(xp, args):
    return xp.arange(*args)


def test_arange_dtypes_and_errors():
    assert chainerx.arange(3).dtype == numpy.int64
    assert chainerx.arange(0.5, 3).dtype == numpy.float32
    assert chainerx.arange(3, dtype='float64').dtype == numpy.float64
    chainerx.testing.assert_array_equal(chainerx.arange(2, dtype='bool_'), [False, True])
    with pytest.raises(chainerx.DtypeError):
        chainerx.arange(3, dtype='bool_')
    with pytest.raises(chainerx.ChainerxError):
        chainerx.arange(0, 3, 0)


@pytest.mark.parametrize('args', [(0, 1), (0, 1, 5), (2, -3, 4, False), (1, 1, 1)])
@chainerx.testing.numpy_chainerx_allclose(rtol=1e-6, dtype_check=False)
def test_linspace(xp, args):
    return xp.linspace(*args)


def test_linspace_dtype():
    assert chainerx.linspace(0, 1).dtype == numpy.float32
    assert chainerx.linspace(0, 1, 3, dtype='float64').dtype == numpy.float64
    with pytest.raises(chainerx.ChainerxError):
        chainerx.linspace(0, 1, -1)


@pytest.mark.parametrize('args', [(3,), (2, 4), (3, 3, 1), (3, 2, -1), (4, 3, 5)])
@chainerx.testing.numpy_chainerx_array_equal()
def test_eye_and_tri(xp, args):
    return xp.eye(*args, dtype='float32'), xp.tri(*args, dtype='float32')


def test_identity():
    chainerx.testing.assert_array_equal_ex(chainerx.identity(3), numpy.identity(3, 'float32'))
    assert chainerx.identity(2, 'int32').dtype == numpy.int32
    assert chainerx.eye(2).dtype == numpy.float32


@pytest.mark.parametrize('k', [-1, 0, 2])
@chainerx.testing.numpy_chainerx_array_equal()
def test_tril_triu(xp, k):
    m = xp.asarray(numpy.arange(12, dtype=numpy.float32).reshape(3, 4))
    return xp.tril(m, k), xp.triu(m, k)


@pytest.mark.parametrize('k', [-1, 0, 2])
def test_tril_triu_backward(grad_check, k):
    m = numpy.random.RandomState(0).uniform(-1, 1, (3, 4))
    grad_check(lambda xs: chainerx.tril(xs[0], k), [m])
    grad_check(lambda xs: chainerx.triu(xs[0], k), [m])


@pytest.mark.parametrize('shape,k', [((3,), 0), ((3,), 1), ((2,), -2), ((3, 4), 0),
                                     ((3, 4), 1), ((4, 3), -2)])
@chainerx.testing.numpy_chainerx_array_equal()
def test_diag(xp, shape, k):
    v = xp.asarray(numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape))
    return xp.diag(v, k)


@pytest.mark.parametrize('shape,k', [((3,), 1), ((3, 4), 1), ((4, 3), -1)])
def test_diag_backward(grad_check, shape, k):
    v = numpy.random.RandomState(0).uniform(-1, 1, shape)
    grad_check(lambda xs: chainerx.diag(xs[0], k), [v])
    grad_check(lambda xs: chainerx.diagflat(xs[0], k), [v])


def test_diag_errors():
    with pytest.raises(chainerx.DimensionError):
        chainerx.diag(chainerx.ones((2, 2, 2)))


@chainerx.testing.numpy_chainerx_array_equal()
def test_diagflat(xp):
    return xp.diagflat(xp.asarray(numpy.array([[1., 2.], [3., 4.]], numpy.float32)), -1)


@pytest.mark.parametrize('indexing', ['xy', 'ij'])
@chainerx.testing.numpy_chainerx_array_equal()
def test_meshgrid(xp, indexing):
    a = xp.asarray(numpy.arange(3, dtype=numpy.float32))
    b = xp.asarray(numpy.arange(2, dtype=numpy.float32))
    c = xp.asarray(numpy.arange(4, dtype=numpy.float32))
    return tuple(xp.meshgrid(a, b, c, indexing=indexing))


def test_meshgrid_list_argument_and_backward(grad_check):
    a = chainerx.arange(3, dtype='float32')
    b = chainerx.arange(2, dtype='float32')
    assert len(chainerx.meshgrid([a, b])) == 2
    grad_check(lambda xs: chainerx.meshgrid(xs[0], xs[1]),
               [numpy.array([1., 2., 3.]), numpy.array([4., 5.])])


def test_frombuffer():
    data = numpy.arange(4, dtype=numpy.float32).tobytes()
    a = chainerx.frombuffer(data, 'float32', count=3, offset=4)
    chainerx.testing.assert_array_equal(a, [1, 2, 3])
    assert chainerx.frombuffer(numpy.arange(2.).tobytes()).dtype == numpy.float64
