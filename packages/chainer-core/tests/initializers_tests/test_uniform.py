import numpy
import pytest

from chainer import initializers

SHAPE = (60, 40, 3, 3)
FAN_IN, FAN_OUT = 40 * 9, 60 * 9


@pytest.mark.parametrize('cls,kwargs,bound', [
    (initializers.Uniform, {}, 0.05),
    (initializers.Uniform, {'scale': 2.}, 2.),
    (initializers.LeCunUniform, {}, numpy.sqrt(3. / FAN_IN)),
    (initializers.GlorotUniform, {}, numpy.sqrt(6. / (FAN_IN + FAN_OUT))),
    (initializers.GlorotUniform, {'scale': 0.5}, 0.5 * numpy.sqrt(6. / (FAN_IN + FAN_OUT))),
    (initializers.HeUniform, {}, numpy.sqrt(6. / FAN_IN)),
    (initializers.HeUniform, {'scale': 2.}, 2. * numpy.sqrt(6. / FAN_IN)),
])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_uniform_statistics(cls, kwargs, bound, dtype):
    a = numpy.empty(SHAPE, dtype)
    cls(rng=numpy.random.RandomState(0), **kwargs)(a)
    assert a.dtype == dtype
    a = a.astype(numpy.float64)
    tol = bound * 1e-3 if dtype == numpy.float16 else 0
    assert a.min() >= -bound - tol and a.max() <= bound + tol
    # close to the bounds, and variance bound**2 / 3
    assert a.min() < -0.99 * bound and a.max() > 0.99 * bound
    assert abs(a.mean()) < 5 * bound / numpy.sqrt(3 * a.size)
    assert abs(a.var() / (bound ** 2 / 3) - 1) < 0.02


def test_uniform_matches_rng_reference():
    a = numpy.empty((3, 4), numpy.float64)
    initializers.LeCunUniform(rng=numpy.random.RandomState(7))(a)
    s = numpy.sqrt(3. / 4)
    expected = numpy.random.RandomState(7).uniform(-s, s, (3, 4))
    numpy.testing.assert_array_equal(a, expected)


@pytest.mark.parametrize('cls', [
    initializers.Uniform, initializers.LeCunUniform, initializers.GlorotUniform,
    initializers.HeUniform])
def test_dtype_check(cls):
    with pytest.raises(AssertionError):
        cls(dtype=numpy.float16)(numpy.empty((2, 2), numpy.float32))
