"""Loss routines against NumPy references, with their gradients."""
import numpy
import pytest

import chainerx
import chainerx.testing


def _uniform(shape, seed, dtype='float64', low=-1, high=1):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


def _log_softmax(x):
    m = x.max(axis=1, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=1, keepdims=True))


@pytest.mark.parametrize('dtype', chainerx.testing.float_dtypes)
def test_elementwise_errors(grad_check, dtype):
    a = _uniform((2, 3), 0, dtype)
    # the differences stay away from the kink of the absolute value
    b = (a + numpy.where(_uniform((2, 3), 1) > 0, 0.6, -0.6)).astype(dtype)
    tol = 1e-2 if dtype == 'float16' else 1e-6
    ca, cb = chainerx.array(a), chainerx.array(b)
    chainerx.testing.assert_allclose(chainerx.absolute_error(ca, cb), numpy.abs(a - b),
                                     rtol=tol)
    chainerx.testing.assert_allclose(chainerx.squared_error(ca, cb), (a - b) ** 2, rtol=tol)
    chainerx.testing.assert_allclose(chainerx.squared_difference(ca, cb), (a - b) ** 2,
                                     rtol=tol)
    grad_check(lambda xs: chainerx.absolute_error(xs[0], xs[1]), [a, b])
    grad_check(lambda xs: chainerx.squared_error(xs[0], xs[1]), [a, b])
    with pytest.raises(chainerx.DimensionError):
        chainerx.squared_error(ca, chainerx.ones((3,), dtype))


@pytest.mark.parametrize('reduce', ['sum', 'no'])
def test_gaussian_kl_divergence(grad_check, reduce):
    mean = _uniform((2, 3), 0)
    ln_var = _uniform((2, 3), 1)
    y = chainerx.gaussian_kl_divergence(chainerx.array(mean), chainerx.array(ln_var), reduce)
    expected = 0.5 * (mean ** 2 + numpy.exp(ln_var) - ln_var - 1)
    if reduce == 'sum':
        expected = expected.sum()
    chainerx.testing.assert_allclose(y, expected, rtol=1e-10)
    grad_check(lambda xs: chainerx.gaussian_kl_divergence(xs[0], xs[1], reduce),
               [mean, ln_var])
    with pytest.raises(ValueError):
        chainerx.gaussian_kl_divergence(chainerx.array(mean), chainerx.array(ln_var), 'mean')


@pytest.mark.parametrize('reduce', ['sum_along_second_axis', 'no'])
def test_huber_loss(grad_check, reduce):
    x = _uniform((3, 4), 0, low=-2, high=2)
    t = _uniform((3, 4), 1, low=-2, high=2)
    y = chainerx.huber_loss(chainerx.array(x), chainerx.array(t), 1.0, reduce)
    d = numpy.abs(x - t)
    expected = numpy.where(d <= 1.0, 0.5 * d ** 2, d - 0.5)
    if reduce != 'no':
        expected = expected.sum(axis=1)
    chainerx.testing.assert_allclose(y, expected, rtol=1e-10)
    grad_check(lambda xs: chainerx.huber_loss(xs[0], xs[1], 1.0, reduce), [x, t])
    with pytest.raises(ValueError):
        chainerx.huber_loss(chainerx.array(x), chainerx.array(t), 1.0, 'mean')


def test_sigmoid_cross_entropy(grad_check):
    x = _uniform((2, 3), 0, low=-3, high=3)
    t = numpy.array([[0, 1, -1], [1, 1, 0]], numpy.int32)
    y = chainerx.sigmoid_cross_entropy(chainerx.array(x), chainerx.array(t))
    p = 1 / (1 + numpy.exp(-x))
    expected = -(t * numpy.log(p) + (1 - t) * numpy.log(1 - p))
    expected[t == -1] = 0
    chainerx.testing.assert_allclose(y, expected, rtol=1e-8)
    labels = chainerx.array(t)
    grad_check(lambda xs: chainerx.sigmoid_cross_entropy(xs[0], labels), [x])


def test_softmax_cross_entropy(grad_check):
    x = _uniform((3, 4), 0, low=-3, high=3)
    t = numpy.array([0, 3, -1])
    y = chainerx.softmax_cross_entropy(chainerx.array(x), chainerx.array(t))
    ls = _log_softmax(x)
    expected = numpy.array([-ls[0, 0], -ls[1, 3], 0])
    chainerx.testing.assert_allclose(y, expected, rtol=1e-10)
    labels = chainerx.array(t)
    grad_check(lambda xs: chainerx.softmax_cross_entropy(xs[0], labels), [x])
    with pytest.raises(chainerx.DimensionError):
        chainerx.softmax_cross_entropy(chainerx.array(x), chainerx.array([0, 1]))
    with pytest.raises(chainerx.DtypeError):
        chainerx.softmax_cross_entropy(chainerx.array(x), chainerx.array([0., 1., 2.]))


@pytest.mark.parametrize('norm', [1.0, 2.0])
def test_hinge(grad_check, norm):
    x = _uniform((3, 4), 0, low=-2, high=2)
    t = numpy.array([1, 0, 3])
    y = chainerx.hinge(chainerx.array(x), chainerx.array(t), norm)
    sign = -numpy.ones_like(x)
    sign[numpy.arange(3), t] = 1
    expected = numpy.maximum(0, 1 - sign * x) ** norm
    chainerx.testing.assert_allclose(y, expected, rtol=1e-10)
    labels = chainerx.array(t)
    grad_check(lambda xs: chainerx.hinge(xs[0], labels, norm), [x])


@pytest.mark.parametrize('ignore_label', [None, -1, 2])
def test_accuracy(ignore_label):
    y = numpy.array([[0.1, 0.9, 0.0], [0.8, 0.1, 0.1], [0.2, 0.2, 0.6], [0.5, 0.4, 0.1]],
                    numpy.float32)
    t = numpy.array([1, 2, 2, -1])
    acc = chainerx.accuracy(chainerx.array(y), chainerx.array(t), ignore_label)
    assert acc.dtype == numpy.float32 and acc.shape == ()
    pred = y.argmax(axis=1)
    mask = numpy.ones(4, bool) if ignore_label is None else t != ignore_label
    expected = (pred == t)[mask].mean()
    assert abs(float(acc) - expected) < 1e-6
