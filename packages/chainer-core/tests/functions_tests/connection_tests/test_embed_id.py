import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.connection import embed_id
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'x_data': [[0, 1, 0], [[0, 1, 0], [1, 0, 1]]],
    'ignore_label': [None, 1],
    'w_dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestEmbedID(testing.FunctionTestCase):

    def setUp(self):
        # The numerical gradients are computed in float64: in float32, the rounding of the
        # outputs (2^-24 relative) divided by eps=1e-3 reaches ~1e-4, the tolerance.
        if self.w_dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.array(self.x_data, dtype=numpy.int32)
        W = numpy.random.uniform(-1, 1, (3, 2)).astype(self.w_dtype)
        return x, W

    def forward(self, inputs, device):
        x, W = inputs
        return F.embed_id(x, W, ignore_label=self.ignore_label),

    def forward_expected(self, inputs):
        x, W = inputs
        y = numpy.zeros(x.shape + (2,), dtype=self.w_dtype)
        for idx in numpy.ndindex(*x.shape):
            if x[idx] != self.ignore_label:
                y[idx] = W[x[idx]]
        return y,

    def run_test_backward(self, backend_config):
        # x is an integer array: no gradient w.r.t. it.
        x, W = self.generate_inputs()
        y_grad = numpy.random.uniform(-1, 1, x.shape + (2,)).astype(self.w_dtype)

        def f(W):
            return F.embed_id(x, W, ignore_label=self.ignore_label)
        chainer.gradient_check.check_backward(f, W, y_grad, **self.check_backward_options)

    def run_test_double_backward(self, backend_config):
        x, W = self.generate_inputs()
        y_grad = numpy.random.uniform(-1, 1, x.shape + (2,)).astype(self.w_dtype)
        ggW = numpy.random.uniform(-1, 1, W.shape).astype(self.w_dtype)

        def f(W):
            y = F.embed_id(x, W, ignore_label=self.ignore_label)
            return y * y
        chainer.gradient_check.check_double_backward(
            f, W, y_grad, ggW, **self.check_double_backward_options)


def test_embed_id_gradient_accumulates_repeats():
    W = chainer.Variable(numpy.zeros((3, 2), numpy.float32))
    y = F.embed_id(numpy.array([0, 2, 0, 1], numpy.int32), W, ignore_label=1)
    y.grad = numpy.ones((4, 2), numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(W.grad, [[2, 2], [0, 0], [1, 1]])


@pytest.mark.parametrize('x', [[-1, 0], [0, 3]])
def test_embed_id_out_of_range_in_debug_mode(x):
    with chainer.using_config('debug', True), pytest.raises(ValueError, match='len\\(W\\)'):
        F.embed_id(numpy.array(x, numpy.int32), numpy.zeros((3, 2), 'f'))


def test_embed_id_indexes_as_numpy_outside_debug_mode():
    # v7 checks the IDs in debug mode only: otherwise -1 is the last row, 3 an IndexError
    W = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    y = F.embed_id(numpy.array([-1, 0], numpy.int32), W)
    numpy.testing.assert_array_equal(y.array, [[4, 5], [0, 1]])
    with pytest.raises(IndexError):
        F.embed_id(numpy.array([0, 3], numpy.int32), W)


def test_embed_id_ignore_label_out_of_range_is_fine():
    y = F.embed_id(numpy.array([-1, 2], numpy.int32), numpy.ones((3, 2), 'f'),
                   ignore_label=-1)
    numpy.testing.assert_array_equal(y.array, [[0, 0], [1, 1]])


def test_embed_id_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.embed_id(numpy.zeros((2,), numpy.float32), numpy.zeros((3, 2), 'f'))
    with pytest.raises(type_check.InvalidType):
        F.embed_id(numpy.zeros((2,), numpy.int32), numpy.zeros((3,), 'f'))


@pytest.mark.parametrize('ignore_label', [None, 1])
def test_array_backward_equals_variable_backward(ignore_label, monkeypatch):
    from chainer.functions.connection import embed_id as embed_module
    rng = numpy.random.RandomState(0)
    x = numpy.array([[0, 1, 3], [3, 3, 1]], numpy.int32)
    W = rng.uniform(-1, 1, (4, 5)).astype(numpy.float32)
    gy = rng.uniform(-1, 1, (2, 3, 5)).astype(numpy.float32)

    def grad(double):
        v = chainer.Variable(W.copy())
        F.sum(F.embed_id(x, v, ignore_label=ignore_label) * gy).backward(
            enable_double_backprop=double)
        return v.grad

    expected = grad(True)

    def fail(*args):
        raise AssertionError('the differentiable backward must not run')

    monkeypatch.setattr(embed_module.EmbedIDFunction, 'backward', fail)
    numpy.testing.assert_array_equal(grad(False), expected)


@pytest.mark.parametrize('ignore_label', [None, 1])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_fast_backward(ignore_label, dtype):
    rng = numpy.random.RandomState(0)
    x = numpy.array([[0, 1, 3], [1, 1, 2]], numpy.int32)  # repeated ids accumulate
    W = rng.uniform(-1, 1, (4, 5)).astype(dtype)
    gy = rng.uniform(-1, 1, (2, 3, 5)).astype(dtype)
    check_fast_backward(embed_id.EmbedIDFunction,
                        lambda x, W: F.embed_id(x, W, ignore_label=ignore_label), [x, W], [gy])
