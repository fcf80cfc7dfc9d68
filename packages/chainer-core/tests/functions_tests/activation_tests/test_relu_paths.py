"""The array-level backward of F.relu equals its differentiable backward."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.activation import relu as relu_module


@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_fast_backward_equals_differentiable_backward(shape, dtype, monkeypatch):
    calls = []
    fast_backward = relu_module.ReLU._backward_arrays

    def spy(self, indexes, grad_outputs):
        calls.append(indexes)
        return fast_backward(self, indexes, grad_outputs)

    monkeypatch.setattr(relu_module.ReLU, '_backward_arrays', spy)
    rng = numpy.random.RandomState(0)
    x_data = rng.uniform(-1, 1, shape).astype(dtype)
    gy = rng.uniform(-1, 1, shape).astype(dtype)
    grads = []
    for double in (False, True):
        x = chainer.Variable(x_data.copy())
        y = F.relu(x)
        y.grad = gy
        y.backward(enable_double_backprop=double)
        grads.append(x.grad)
        assert len(calls) == 1  # only the first (no double backprop) took the fast path
    fast, diff = grads
    assert fast.dtype == diff.dtype == dtype
    assert fast.shape == shape
    numpy.testing.assert_array_equal(fast, diff)
    numpy.testing.assert_array_equal(fast, numpy.where(x_data > 0, gy, 0))
