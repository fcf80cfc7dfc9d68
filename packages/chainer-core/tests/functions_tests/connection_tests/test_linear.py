import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.connection import linear as linear_module
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check


@testing.parameterize(*(testing.product({
    'x_shape': [(4, 3), (4, 3, 2)],
    'n_batch_axes': [1],
    'x_dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
}) + [
    {'x_shape': (2, 3, 4), 'n_batch_axes': 2, 'x_dtype': numpy.float32, 'nobias': False},
    {'x_shape': (2, 2, 3, 4), 'n_batch_axes': 3, 'x_dtype': numpy.float64, 'nobias': True},
    {'x_shape': (0, 3), 'n_batch_axes': 1, 'x_dtype': numpy.float64, 'nobias': False},
    {'x_shape': (4, 3), 'n_batch_axes': 1, 'x_dtype': numpy.float16, 'nobias': False,
     'W_dtype': numpy.float32},
]))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLinear(testing.FunctionTestCase):

    W_dtype = None

    def setUp(self):
        if self.W_dtype is None:
            self.W_dtype = self.x_dtype
        if numpy.float16 in (self.x_dtype, self.W_dtype):
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        in_size = int(numpy.prod(self.x_shape[self.n_batch_axes:]))
        x = numpy.random.uniform(-1, 1, self.x_shape).astype(self.x_dtype)
        W = numpy.random.uniform(-1, 1, (2, in_size)).astype(self.W_dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, (2,)).astype(self.x_dtype)

    def forward(self, inputs, device):
        b = inputs[2] if len(inputs) == 3 else None
        return F.linear(inputs[0], inputs[1], b, n_batch_axes=self.n_batch_axes),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        batch = self.x_shape[:self.n_batch_axes]
        y = x.astype(numpy.float64).reshape(int(numpy.prod(batch)), W.shape[1]).dot(
            W.astype(numpy.float64).T)
        if len(inputs) == 3:
            y += inputs[2]
        return y.reshape(batch + (2,)).astype(self.x_dtype),


def test_linear_n_batch_axes_invalid():
    with pytest.raises(ValueError, match='n_batch_axes'):
        F.linear(numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), n_batch_axes=0)


@pytest.mark.parametrize('x_shape,w_shape,b_shape,x_dtype', [
    ((2, 3), (4, 2), None, 'f'),
    ((2, 3), (4, 3), (3,), 'f'),
    ((2, 3), (4, 3, 1), None, 'f'),
    ((2, 3), (4, 3), None, 'i'),
])
def test_linear_invalid(x_shape, w_shape, b_shape, x_dtype):
    x = numpy.zeros(x_shape, x_dtype)
    b = None if b_shape is None else numpy.zeros(b_shape, 'f')
    with pytest.raises(type_check.InvalidType):
        F.linear(x, numpy.zeros(w_shape, 'f'), b)


def test_linear_gradients_values():
    x = chainer.Variable(numpy.array([[1., 2.]]))
    W = chainer.Variable(numpy.array([[3., 4.], [5., 6.]]))
    y = F.linear(x, W)
    y.grad = numpy.array([[1., 10.]])
    y.backward()
    numpy.testing.assert_allclose(y.array, [[11., 17.]])
    numpy.testing.assert_allclose(x.grad, [[53., 64.]])
    numpy.testing.assert_allclose(W.grad, [[1., 2.], [10., 20.]])


# batch sizes and weight shapes that select each branch: the transposed forward GEMM
# (2 <= n <= 64, both sizes >= 256), matmul for gW (n >= 2, large W) and gx (n >= 16)
@pytest.mark.parametrize('n', [1, 3, 16, 100])
@pytest.mark.parametrize('w_shape', [(4, 3), (256, 256)])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('nobias', [False, True])
def test_fast_backward(n, w_shape, dtype, nobias):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (n, w_shape[1])).astype(dtype)
    W = rng.uniform(-1, 1, w_shape).astype(dtype)
    b = rng.uniform(-1, 1, w_shape[0]).astype(dtype)
    gy = rng.uniform(-1, 1, (n, w_shape[0])).astype(dtype)
    arrays = [x, W] if nobias else [x, W, b]
    check_fast_backward(linear_module.LinearFunction, F.linear, arrays, [gy], rtol=1e-5)

    # both paths against a float64 reference
    y = F.linear(*arrays)
    assert y.array.flags.c_contiguous
    assert y.dtype == dtype
    x64, W64, gy64 = (a.astype(numpy.float64) for a in (x, W, gy))
    tol = {'rtol': 1e-5, 'atol': 1e-4} if dtype == numpy.float32 else {}
    numpy.testing.assert_allclose(y.array, x64.dot(W64.T) + (0 if nobias else b), **tol)
    xv, Wv = chainer.Variable(x), chainer.Variable(W)
    bv = None if nobias else chainer.Variable(b)
    y = F.linear(xv, Wv, bv)
    y.grad = gy
    y.backward()
    numpy.testing.assert_allclose(xv.grad, gy64.dot(W64), **tol)
    numpy.testing.assert_allclose(Wv.grad, gy64.T.dot(x64), **tol)
    if not nobias:
        numpy.testing.assert_allclose(bv.grad, gy64.sum(axis=0), **tol)


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
