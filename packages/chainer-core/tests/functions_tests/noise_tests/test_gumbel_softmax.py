import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape, axis', [((3, 4), 1), ((3, 4, 2), 1), ((5, 3), 0)])
def test_forward(dtype, shape, axis):
    log_pi = numpy.log(numpy.random.uniform(.1, 1, shape)).astype(dtype)
    numpy.random.seed(1)
    y = F.gumbel_softmax(log_pi, tau=.5, axis=axis)
    numpy.random.seed(1)
    g = numpy.random.gumbel(size=shape).astype(dtype)
    z = (log_pi.astype(numpy.float64) + g) / .5
    z = numpy.exp(z - z.max(axis=axis, keepdims=True))
    expected = z / z.sum(axis=axis, keepdims=True)
    assert y.dtype == dtype and y.shape == shape
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    numpy.testing.assert_allclose(y.array, expected, atol=tol, rtol=tol)
    numpy.testing.assert_allclose(y.array.astype(numpy.float64).sum(axis=axis), 1, atol=tol)


@testing.fix_random()
def test_low_temperature_is_nearly_one_hot():
    tau = 1e-3
    log_pi = numpy.log(numpy.full((50, 4), .25))
    state = numpy.random.get_state()
    y = F.gumbel_softmax(log_pi, tau=tau).array
    numpy.random.set_state(state)
    z = numpy.sort(log_pi + numpy.random.gumbel(size=log_pi.shape), axis=1)
    # max(y) >= 1 - 3 * exp(-gap / tau) where gap is the distance between the two largest
    # perturbed logits: a row is one-hot within 1e-3 only when gap > tau * log(3e3). A few
    # rows may be closer than that by chance (then they are soft by design), so only the
    # separated rows are checked, and they must be the vast majority.
    separated = z[:, -1] - z[:, -2] > tau * numpy.log(1e4)
    assert separated.sum() >= 45
    numpy.testing.assert_allclose(y.max(axis=1)[separated], 1, atol=1e-3)
    # categories are drawn with the given probabilities
    counts = numpy.bincount(y.argmax(axis=1), minlength=4)
    assert (counts > 0).sum() >= 3


def test_scalar_input():
    y = F.gumbel_softmax(numpy.array(0.3, numpy.float32))
    assert y.shape == () and y.dtype == numpy.float32 and y.array == 1


def test_backward():
    log_pi = numpy.log(numpy.random.uniform(.1, 1, (3, 4)))
    gy = numpy.random.uniform(-1, 1, (3, 4))

    def f(x):
        numpy.random.seed(7)  # same Gumbel noise for every evaluation
        return F.gumbel_softmax(x, tau=.7)

    gradient_check.check_backward(f, log_pi, gy, atol=1e-5, rtol=1e-4)


def test_tau_variable():
    log_pi = chainer.Variable(numpy.log(numpy.random.uniform(.1, 1, (2, 3))))
    tau = chainer.Variable(numpy.array(.5))
    y = F.gumbel_softmax(log_pi, tau=tau)
    F.sum(y * y).backward()
    assert tau.grad is not None and log_pi.grad is not None
