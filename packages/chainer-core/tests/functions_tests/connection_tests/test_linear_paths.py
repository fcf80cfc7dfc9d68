"""The fast paths of F.linear: array-level backward, GEMM orientations and matmul use."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.connection import linear as linear_module


def _grads(x, W, b, gy, double):
    xv = chainer.Variable(x)
    Wv = chainer.Variable(W)
    bv = None if b is None else chainer.Variable(b)
    y = F.linear(xv, Wv, bv)
    y.grad = gy
    y.backward(enable_double_backprop=double)
    grads = [xv.grad, Wv.grad] + ([] if b is None else [bv.grad])
    return y.array, grads


# batch sizes and weight shapes that select each branch: the transposed forward GEMM
# (2 <= n <= 64, both sizes >= 256), matmul for gW (n >= 2, large W) and gx (n >= 16)
@pytest.mark.parametrize('n', [1, 3, 16, 100])
@pytest.mark.parametrize('w_shape', [(4, 3), (256, 256)])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('nobias', [False, True])
def test_fast_backward_equals_differentiable_backward(n, w_shape, dtype, nobias, monkeypatch):
    calls = []
    fast_backward = linear_module.LinearFunction._backward_arrays

    def spy(self, indexes, grad_outputs):
        calls.append(indexes)
        return fast_backward(self, indexes, grad_outputs)

    monkeypatch.setattr(linear_module.LinearFunction, '_backward_arrays', spy)
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (n, w_shape[1])).astype(dtype)
    W = rng.uniform(-1, 1, w_shape).astype(dtype)
    b = None if nobias else rng.uniform(-1, 1, w_shape[0]).astype(dtype)
    gy = rng.uniform(-1, 1, (n, w_shape[0])).astype(dtype)

    y_fast, fast = _grads(x, W, b, gy, False)
    assert calls == [(0, 1) if nobias else (0, 1, 2)]  # the fast path ran
    y_diff, diff = _grads(x, W, b, gy, True)
    assert len(calls) == 1  # the differentiable one did not use it
    numpy.testing.assert_array_equal(y_fast, y_diff)
    for g_fast, g_diff in zip(fast, diff):
        assert g_fast.dtype == g_diff.dtype == dtype
        numpy.testing.assert_array_equal(g_fast, g_diff)

    # both against a float64 reference
    x64, W64, gy64 = (a.astype(numpy.float64) for a in (x, W, gy))
    y_ref = x64.dot(W64.T) + (0 if b is None else b)
    tol = {'rtol': 1e-5, 'atol': 1e-4} if dtype == numpy.float32 else {}
    assert y_fast.flags.c_contiguous
    assert y_fast.dtype == dtype
    numpy.testing.assert_allclose(y_fast, y_ref, **tol)
    numpy.testing.assert_allclose(fast[0], gy64.dot(W64), **tol)
    numpy.testing.assert_allclose(fast[1], gy64.T.dot(x64), **tol)
    if b is not None:
        numpy.testing.assert_allclose(fast[2], gy64.sum(axis=0), **tol)


def test_fast_backward_only_requested_inputs():
    # x is an array (no gradient); W and b are parameters
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-1, 1, (5, 3)).astype(numpy.float32)
    W = chainer.Parameter(rng.uniform(-1, 1, (4, 3)).astype(numpy.float32))
    b = chainer.Parameter(rng.uniform(-1, 1, 4).astype(numpy.float32))
    F.sum(F.linear(x, W, b)).backward()
    numpy.testing.assert_allclose(W.grad, numpy.tile(x.sum(axis=0), (4, 1)), rtol=1e-6)
    numpy.testing.assert_allclose(b.grad, numpy.full(4, 5, numpy.float32))


def test_fast_backward_mixed_dtypes():
    # float16 x with a float32 W: gx has the dtype of x, gW that of W
    rng = numpy.random.RandomState(2)
    x = chainer.Variable(rng.uniform(-1, 1, (3, 4)).astype(numpy.float16))
    W = chainer.Variable(rng.uniform(-1, 1, (2, 4)).astype(numpy.float32))
    y = F.linear(x, W)
    assert y.dtype == numpy.float16
    y.grad = numpy.ones((3, 2), numpy.float16)
    y.backward()
    assert x.grad.dtype == numpy.float16
    assert W.grad.dtype == numpy.float32


@pytest.mark.parametrize('n,m,k,expected', [
    (1, 1000, 784, False),
    (2, 1000, 784, True),
    (100, 1000, 784, True),
    (128, 1000, 784, True),
    (100, 1000, 256, False),
    (64, 1000, 256, True),
    (129, 1000, 784, False),
    (8, 100, 784, False),
    (8, 1000, 100, False),
])
def test_gemm_orientation_choice(n, m, k, expected):
    x = numpy.zeros((n, k), numpy.float32)
    W = numpy.zeros((m, k), numpy.float32)
    assert linear_module._gemm_transposed(x, W) is expected
    assert not linear_module._gemm_transposed(x.astype(numpy.float64), W.astype(numpy.float64))
