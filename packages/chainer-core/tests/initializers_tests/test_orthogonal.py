import numpy
import pytest

from chainer import initializers


def _init(shape, dtype=numpy.float64, seed=0, **kwargs):
    a = numpy.empty(shape, dtype)
    initializers.Orthogonal(rng=numpy.random.RandomState(seed), **kwargs)(a)
    return a


@pytest.mark.parametrize('shape', [(3, 3), (3, 5), (2, 3, 2), (2, 3, 1, 2)])
@pytest.mark.parametrize('scale', [1.0, 1.1, 2.0])
def test_rows_orthogonal(shape, scale):
    # out_dim <= in_dim: the rows of the flattened matrix are orthogonal with norm scale.
    a = _init(shape, scale=scale)
    m = a.reshape(shape[0], -1)
    numpy.testing.assert_allclose(m.dot(m.T), scale ** 2 * numpy.eye(shape[0]), atol=1e-10)


@pytest.mark.parametrize('shape', [(5, 3), (4, 1, 2)])
def test_columns_orthogonal(shape):
    # out_dim > in_dim: the columns are orthogonal.
    a = _init(shape, scale=1.1)
    m = a.reshape(shape[0], -1)
    numpy.testing.assert_allclose(m.T.dot(m), 1.21 * numpy.eye(m.shape[1]), atol=1e-10)


@pytest.mark.parametrize('dtype,atol', [
    (numpy.float16, 5e-3), (numpy.float32, 1e-6), (numpy.float64, 1e-12)])
def test_dtypes(dtype, atol):
    a = _init((4, 4), dtype=dtype, scale=1.0)
    assert a.dtype == dtype
    m = a.astype(numpy.float64)
    numpy.testing.assert_allclose(m.dot(m.T), numpy.eye(4), atol=atol)


def test_default_scale():
    assert initializers.Orthogonal().scale == 1.1


def test_reproducible_with_rng():
    numpy.testing.assert_array_equal(_init((3, 4), seed=2), _init((3, 4), seed=2))
    assert not numpy.array_equal(_init((3, 4), seed=2), _init((3, 4), seed=3))


def test_0dim():
    values = set()
    for seed in range(20):
        a = _init((), seed=seed, scale=1.5)
        values.add(float(a))
    assert values == {1.5, -1.5}


def test_empty():
    with pytest.raises(ValueError):
        _init((0, 3))


@pytest.mark.parametrize('mode,shape,ok', [
    ('auto', (3, 5), True), ('auto', (5, 3), True),
    ('projection', (3, 5), True), ('projection', (5, 3), False),
    ('embedding', (5, 3), True), ('embedding', (3, 5), False),
    ('basis', (3, 3), True), ('basis', (3, 5), False), ('basis', (5, 3), False),
])
def test_modes(mode, shape, ok):
    if ok:
        _init(shape, mode=mode)
    else:
        with pytest.raises(ValueError):
            _init(shape, mode=mode)


def test_invalid_mode():
    with pytest.raises(ValueError):
        initializers.Orthogonal(mode='foo')


def test_dtype_check():
    with pytest.raises(AssertionError):
        initializers.Orthogonal(dtype=numpy.float32)(numpy.empty((2, 2)))


def test_global_random_state():
    numpy.random.seed(0)
    a = numpy.empty((3, 3), numpy.float32)
    initializers.Orthogonal(scale=1.0)(a)
    numpy.testing.assert_allclose(a.dot(a.T), numpy.eye(3), atol=1e-6)
