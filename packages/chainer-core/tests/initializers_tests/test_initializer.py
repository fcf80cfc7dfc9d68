import numpy
import pytest

import chainer
from chainer import initializer
from chainer import initializers


@pytest.mark.parametrize('shape,expected', [
    ((3, 4), (4, 3)),
    ((5, 2, 3, 3), (2 * 9, 5 * 9)),       # conv kernel (out, in, kh, kw)
    ((6, 2, 3, 1, 2), (2 * 6, 6 * 6)),    # 3-d conv kernel
    ((4, 7, 1), (7, 4)),
])
def test_get_fans(shape, expected):
    assert initializer.get_fans(shape) == expected


def test_get_fans_errors():
    with pytest.raises(ValueError):
        initializer.get_fans([3, 4])
    with pytest.raises(ValueError):
        initializer.get_fans((3,))


def test_base_initializer():
    init = initializer.Initializer(numpy.float64)
    assert init.dtype == numpy.float64
    assert initializer.Initializer().dtype is None
    with pytest.raises(NotImplementedError):
        init(numpy.empty((2, 2)))
    assert chainer.Initializer is initializer.Initializer


class _Recorder(initializer.Initializer):
    def __call__(self, array):
        self.called_with = array
        array[...] = 7


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_generate_array(dtype):
    init = _Recorder()
    a = initializers.generate_array(init, (2, 3), numpy, dtype=dtype)
    assert isinstance(a, numpy.ndarray)
    assert a.shape == (2, 3)
    assert a.dtype == dtype
    assert init.called_with is a
    assert (a == 7).all()


def test_generate_array_dtype_from_initializer():
    a = initializers.generate_array(initializers.One(numpy.float64), (2,), numpy)
    assert a.dtype == numpy.float64
    numpy.testing.assert_array_equal(a, [1, 1])
    # consistent explicit dtype is accepted, conflicting one is rejected
    a = initializers.generate_array(
        initializers.One(numpy.float16), (2,), numpy, dtype=numpy.float16)
    assert a.dtype == numpy.float16
    with pytest.raises(ValueError):
        initializers.generate_array(
            initializers.One(numpy.float16), (2,), numpy, dtype=numpy.float32)


def test_generate_array_default_dtype_follows_config():
    a = initializers.generate_array(initializers.Zero(), (2,), numpy)
    assert a.dtype == numpy.float32
    with chainer.using_config('dtype', numpy.float64):
        a = initializers.generate_array(initializers.Zero(), (2,), numpy)
    assert a.dtype == numpy.float64
    with chainer.using_config('dtype', chainer.mixed16):
        a = initializers.generate_array(initializers.Zero(), (2,), numpy)
    assert a.dtype == numpy.float16


def test_generate_array_device():
    a = initializers.generate_array(initializers.One(), (3,), numpy, device='@numpy')
    assert isinstance(a, numpy.ndarray)
    numpy.testing.assert_array_equal(a, numpy.ones(3, numpy.float32))


def test_generate_array_scalar_shape():
    a = initializers.generate_array(initializers.Constant(2.5), (), numpy)
    assert a.shape == ()
    assert a == 2.5


def test_get_initializer():
    assert isinstance(initializers._get_initializer(None), initializers.LeCunNormal)
    c = initializers._get_initializer(3)
    assert isinstance(c, initializers.Constant) and c.fill_value == 3
    arr = numpy.arange(3, dtype=numpy.float32)
    c = initializers._get_initializer(arr)
    assert isinstance(c, initializers.Constant) and c.fill_value is arr
    n = initializers.Normal()
    assert initializers._get_initializer(n) is n

    def fn(a):
        a[...] = 0
    assert initializers._get_initializer(fn) is fn
    with pytest.raises(TypeError):
        initializers._get_initializer(object())


def test_check_is_initializer_like():
    for ok in (None, 1, 1.5, numpy.float32(2), numpy.zeros(3), initializers.One(),
               lambda a: None):
        initializers._check_is_initializer_like(ok)
    with pytest.raises(TypeError):
        initializers._check_is_initializer_like(object())
    with pytest.raises(TypeError):
        initializers._check_is_initializer_like([1, 2])
