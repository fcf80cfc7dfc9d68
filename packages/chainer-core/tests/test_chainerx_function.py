"""Chainer functions, backprop and grad on ChainerX arrays."""
import numpy
import pytest

import chainer
import chainerx
import chainerx.testing
from chainer import backend
import chainer.functions as F


def _chx(values, dtype='float32', device=None):
    return chainerx.array(numpy.asarray(values, dtype), device=device)


def test_function_outputs_are_chainerx_on_the_input_device():
    x = chainer.Variable(_chx([[1, -2], [3, -4]], device='native:1'))
    y = F.relu(x)
    assert isinstance(y.array, chainerx.ndarray)
    assert y.device == backend.get_device('native:1')
    assert y.requires_grad and y.raw_array.is_backprop_required()
    chainerx.testing.assert_array_equal(y.array, [[1, 0], [3, 0]])
    F.sum(y).backward()
    chainerx.testing.assert_array_equal(x.grad, [[1, 0], [1, 0]])
    assert x.grad.device.name == 'native:1'


def test_raw_arrays_and_numpy_constants():
    y = F.tanh(_chx([0.5]))
    assert isinstance(y.array, chainerx.ndarray) and not y.requires_grad
    x = chainer.Variable(_chx([1, 2, 3]))
    cond = numpy.array([True, False, True])
    z = F.where(cond, x, chainer.Variable(_chx([0, 0, 0])))
    F.sum(z).backward()
    chainerx.testing.assert_array_equal(x.grad, [1, 0, 1])


def test_chainerx_attributes_of_a_node_are_used_through_views():
    x = chainer.Variable(_chx([[1, 2], [3, 4], [5, 6]]))
    indices = chainerx.array([2, 0, 1], 'int32')
    y = F.permutate(x, indices)
    chainerx.testing.assert_array_equal(y.array, [[5, 6], [1, 2], [3, 4]])
    F.sum(y * _chx([[1, 1], [2, 2], [3, 3]])).backward()
    chainerx.testing.assert_array_equal(x.grad, [[2, 2], [3, 3], [1, 1]])


class _Square(chainer.FunctionNode):
    calls = []

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.calls.append(type(inputs[0]))
        return inputs[0] * inputs[0],

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2 * x * grad_outputs[0],


class _SquareChainerx(_Square):

    def forward_chainerx(self, inputs):
        self.calls.append('chainerx')
        return inputs[0] * inputs[0],


def test_fallback_runs_forward_on_numpy_views():
    _Square.calls = []
    x = chainer.Variable(_chx([1, 2, 3], 'float64'))
    y, = _Square().apply((x,))
    assert _Square.calls == [numpy.ndarray]
    assert isinstance(y.array, chainerx.ndarray)
    y.grad = _chx([1, 1, 1], 'float64')
    y.backward()
    chainerx.testing.assert_allclose(x.grad, [2, 4, 6])


def test_forward_chainerx_is_used_when_defined():
    _Square.calls = []
    x = chainer.Variable(_chx([1, 2], 'float64'))
    y, = _SquareChainerx().apply((x,))
    assert _Square.calls == ['chainerx']
    F.sum(y).backward()
    chainerx.testing.assert_allclose(x.grad, [2, 4])


def test_double_and_triple_backprop_through_the_fallback():
    x = chainer.Variable(_chx([1.5, -0.5], 'float64'))
    y = F.sum(F.sin(x) * x)
    gx, = chainer.grad([y], [x], enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx)], [x], enable_double_backprop=True)
    gggx, = chainer.grad([F.sum(ggx)], [x])
    a = numpy.array([1.5, -0.5])
    # d/dx (x sin x) = sin x + x cos x; second: 2 cos x - x sin x; third: -3 sin x - x cos x
    chainerx.testing.assert_allclose(gx.array, numpy.sin(a) + a * numpy.cos(a))
    chainerx.testing.assert_allclose(ggx.array, 2 * numpy.cos(a) - a * numpy.sin(a))
    chainerx.testing.assert_allclose(gggx.array, -3 * numpy.sin(a) - a * numpy.cos(a))


def test_function_hooks_see_numpy_arrays():
    seen = []

    class Hook(chainer.FunctionHook):
        name = 'record'

        def forward_preprocess(self, function, in_data):
            seen.append(type(in_data[0]))

    x = chainer.Variable(_chx([1, 2]))
    with Hook():
        F.exp(x)
    assert seen == [numpy.ndarray]


def test_old_style_function():
    class Twice(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, inputs, grad_outputs):
            return grad_outputs[0] * 2,

    x = chainer.Variable(_chx([1, 2]))
    y = Twice()(x)
    assert isinstance(y.array, chainerx.ndarray)
    F.sum(y).backward()
    chainerx.testing.assert_array_equal(x.grad, [2, 2])


def test_chainer_backward_and_grad():
    x = chainer.Variable(_chx([1, 2]))
    y = x * x
    chainer.backward([y], [chainer.Variable(_chx([1, 10]))])
    chainerx.testing.assert_array_equal(x.grad, [2, 40])
    x.cleargrad()
    gx, = chainer.grad([F.sum(x * 3)], [x])
    chainerx.testing.assert_array_equal(gx.array, [3, 3])
    assert x.grad is None
    gx, = chainer.grad([F.sum(x * 3)], [x], set_grad=True)
    chainerx.testing.assert_array_equal(x.grad, [3, 3])


def test_grad_errors():
    x = chainer.Variable(_chx([1, 2]))
    with pytest.raises(TypeError):
        chainer.grad([F.sum(x)], [chainer.Variable(numpy.ones(2, numpy.float32))])
    with pytest.raises(ValueError):
        chainer.grad([F.sum(x)], [x], loss_scale=2)


def test_no_backprop_mode_stops_chainerx_graphs():
    x = chainer.Variable(_chx([1, 2]))
    with chainer.no_backprop_mode():
        y = F.exp(x)
        z = x * 2
        with chainer.force_backprop_mode():
            w = x * 2
    assert not y.requires_grad and not y.raw_array.is_backprop_required()
    assert not z.requires_grad
    assert w.requires_grad


def test_enable_backprop_off_makes_constants():
    x = chainer.Variable(_chx([1, 2]))
    with chainer.using_config('enable_backprop', False):
        y = F.exp(x)
    assert not y.raw_array.is_backprop_required()


def test_mixing_devices_raises():
    x = chainer.Variable(_chx([1, 2]))
    y = chainer.Variable(_chx([1, 2], device='native:1'))
    with pytest.raises(chainerx.DeviceError):
        x + y


def test_copy_between_chainerx_devices_and_refusal_across_kinds():
    x = chainer.Variable(_chx([1, 2]))
    y = F.copy(x, 'native:1')
    assert y.device == backend.get_device('native:1')
    F.sum(y * 2).backward()
    assert x.grad.device.name == 'native:0'
    chainerx.testing.assert_array_equal(x.grad, [2, 2])
    with pytest.raises(RuntimeError, match='does not support copies'):
        F.copy(x, '@numpy')
