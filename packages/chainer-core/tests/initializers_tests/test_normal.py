import numpy
import pytest

from chainer import initializers

SHAPE = (60, 40, 3, 3)   # 86400 samples: fan_in = 360, fan_out = 540
FAN_IN, FAN_OUT = 40 * 9, 60 * 9


def _sample(init, shape=SHAPE, dtype=numpy.float32):
    a = numpy.empty(shape, dtype)
    init(a)
    return a


@pytest.mark.parametrize('cls,kwargs,expected_std', [
    (initializers.Normal, {}, 0.05),
    (initializers.Normal, {'scale': 0.3}, 0.3),
    (initializers.LeCunNormal, {}, numpy.sqrt(1. / FAN_IN)),
    (initializers.LeCunNormal, {'scale': 2.}, 2. * numpy.sqrt(1. / FAN_IN)),
    (initializers.GlorotNormal, {}, numpy.sqrt(2. / (FAN_IN + FAN_OUT))),
    (initializers.GlorotNormal, {'scale': 0.5}, 0.5 * numpy.sqrt(2. / (FAN_IN + FAN_OUT))),
    (initializers.HeNormal, {}, numpy.sqrt(2. / FAN_IN)),
    (initializers.HeNormal, {'fan_option': 'fan_out'}, numpy.sqrt(2. / FAN_OUT)),
    (initializers.HeNormal, {'scale': 3.}, 3. * numpy.sqrt(2. / FAN_IN)),
])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_normal_statistics(cls, kwargs, expected_std, dtype):
    init = cls(rng=numpy.random.RandomState(0), **kwargs)
    a = _sample(init, dtype=dtype)
    assert a.dtype == dtype
    a = a.astype(numpy.float64)
    # 86400 samples: the standard error of the mean is std / 294, of the std std / 416.
    assert abs(a.mean()) < 5 * expected_std / 294
    assert abs(a.std() / expected_std - 1) < 0.015
    assert init.scale == kwargs.get('scale', init.scale)


def test_normal_rng_reproducible():
    a = _sample(initializers.GlorotNormal(rng=numpy.random.RandomState(3)), (4, 5))
    b = _sample(initializers.GlorotNormal(rng=numpy.random.RandomState(3)), (4, 5))
    numpy.testing.assert_array_equal(a, b)
    c = _sample(initializers.GlorotNormal(rng=numpy.random.RandomState(4)), (4, 5))
    assert not numpy.array_equal(a, c)
    # the rng draws exactly the reference samples
    expected = numpy.random.RandomState(3).normal(
        0.0, numpy.sqrt(2. / 9), (4, 5)).astype(numpy.float32)
    numpy.testing.assert_array_equal(a, expected)


def test_normal_generator_rng():
    a = _sample(initializers.Normal(0.5, rng=numpy.random.default_rng(1)), (3, 2))
    expected = numpy.random.default_rng(1).normal(0.0, 0.5, (3, 2)).astype(numpy.float32)
    numpy.testing.assert_array_equal(a, expected)


def test_normal_global_random_state():
    numpy.random.seed(5)
    a = _sample(initializers.Normal(), (3, 4))
    numpy.random.seed(5)
    b = _sample(initializers.Normal(), (3, 4))
    numpy.testing.assert_array_equal(a, b)
    assert a.std() > 0


def test_he_normal_bad_fan_option():
    with pytest.raises(ValueError):
        initializers.HeNormal(fan_option='fan_avg')(numpy.empty((2, 2), numpy.float32))


def test_unexpected_kwarg():
    with pytest.raises(TypeError):
        initializers.Normal(seed=1)


@pytest.mark.parametrize('cls', [
    initializers.Normal, initializers.LeCunNormal, initializers.GlorotNormal,
    initializers.HeNormal])
def test_dtype_check(cls):
    init = cls(dtype=numpy.float64)
    assert init.dtype == numpy.float64
    with pytest.raises(AssertionError):
        init(numpy.empty((2, 2), numpy.float32))


@pytest.mark.parametrize('cls', [
    initializers.LeCunNormal, initializers.GlorotNormal, initializers.HeNormal])
def test_fan_based_needs_2d(cls):
    with pytest.raises(ValueError):
        cls()(numpy.empty((3,), numpy.float32))
