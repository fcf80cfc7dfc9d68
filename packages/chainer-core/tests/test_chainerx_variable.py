"""chainer.Variable and chainer.Parameter holding ChainerX arrays."""
import copy

import numpy
import pytest

import chainer
import chainerx
import chainerx.testing
from chainer import backend
import chainer.functions as F


def _chx(values, dtype='float32', device=None):
    return chainerx.array(numpy.asarray(values, dtype), device=device)


def test_init_flags_a_view_and_keeps_the_given_array():
    a = _chx([1, 2])
    v = chainer.Variable(a)
    assert v.xp is chainerx
    assert v.device == backend.get_device('native:0')
    assert not a.is_backprop_required()
    assert v.raw_array is not a
    assert v.raw_array.is_grad_required()
    assert v.requires_grad
    assert v.grad is None


def test_init_with_grad_and_requires_grad_false():
    g = _chx([3, 4])
    v = chainer.Variable(_chx([1, 2]), grad=g)
    assert v.grad is g
    w = chainer.Variable(_chx([1, 2]), requires_grad=False)
    assert not w.raw_array.is_backprop_required()
    with pytest.raises(chainerx.ChainerxError):
        w.grad
    with pytest.raises(ValueError):
        chainer.Variable(_chx([1, 2]), requires_grad=False, grad=g)
    connected = _chx([1.]).require_grad()
    with pytest.raises(ValueError):
        chainer.Variable(connected, requires_grad=False)
    assert chainer.Variable(connected).raw_array is connected


def test_integer_array():
    v = chainer.Variable(chainerx.array([1, 2]))
    assert v.requires_grad and v.grad is None
    assert v.dtype == numpy.int64


def test_array_is_a_cached_grad_stopped_view():
    v = chainer.Variable(_chx([1, 2]))
    a = v.array
    assert a is v.array
    assert not a.is_backprop_required()
    a[0] = 5
    assert float(v.raw_array[0]) == 5
    v.array = _chx([7, 8])
    assert v.array is not a
    chainerx.testing.assert_array_equal(v.array, [7, 8])
    assert v.raw_array.is_grad_required()
    assert v.shape == (2,) and v.ndim == 1 and v.size == 2 and v.dtype == numpy.float32
    assert len(v) == 2


def test_chx_array():
    v = chainer.Variable(_chx([1, 2]))
    view = v.chx_array
    assert view.is_backprop_required()
    (view * 2).sum().backward()
    chainerx.testing.assert_array_equal(v.grad, [2, 2])
    with pytest.raises(ValueError):
        chainer.Variable(numpy.ones(2)).chx_array


def test_grad_setters_and_cleargrad():
    v = chainer.Variable(_chx([1, 2]))
    v.grad = _chx([1, 1])
    chainerx.testing.assert_array_equal(v.grad, [1, 1])
    gv = v.grad_var
    assert isinstance(gv, chainer.Variable) and gv.array.shape == (2,)
    assert v.grad_var is gv
    v.grad_var = chainer.Variable(_chx([3, 3]))
    chainerx.testing.assert_array_equal(v.grad, [3, 3])
    v.cleargrad()
    assert v.grad is None and v.grad_var is None
    with pytest.raises(TypeError):
        v.grad = numpy.ones(2, numpy.float32)
    with pytest.raises(ValueError):
        v.grad = _chx([1, 1, 1])


def test_zerograd_and_addgrad():
    v = chainer.Variable(_chx([1, 2]))
    with pytest.warns(DeprecationWarning):
        v.zerograd()
    chainerx.testing.assert_array_equal(v.grad, [0, 0])
    other = chainer.Variable(_chx([5, 6]))
    other.grad = _chx([1, 2])
    v.addgrad(other)
    v.addgrad(other)
    chainerx.testing.assert_array_equal(v.grad, [2, 4])


def test_backward_and_double_backward():
    x = chainer.Variable(_chx([1, 2], 'float64'))
    y = F.sum(x * x * x)
    y.backward(enable_double_backprop=True)
    chainerx.testing.assert_allclose(x.grad, [3, 12])
    gx = x.grad_var
    x.cleargrad()
    F.sum(gx).backward()
    chainerx.testing.assert_allclose(x.grad, [6, 12])


def test_backward_options():
    x = chainer.Variable(_chx([1, 2]))
    y = F.sum(x * 2)
    with pytest.raises(RuntimeError):
        y.backward(retain_grad=True)
    y.backward(loss_scale=8)
    chainerx.testing.assert_allclose(x.grad, [16, 16])


def test_intermediate_grads_are_kept():
    x = chainer.Variable(_chx([1, 2]))
    h = x * 3
    y = F.sum(h * h)
    y.backward()
    chainerx.testing.assert_allclose(h.grad, [6, 12])


def test_to_chx_and_from_chx():
    x = chainer.Variable(numpy.array([1, 2], numpy.float32))
    x.grad = numpy.array([3, 4], numpy.float32)
    data = x.array
    x.to_chx()
    assert isinstance(x.array, chainerx.ndarray)
    assert isinstance(x.grad, chainerx.ndarray)
    chainerx.testing.assert_array_equal(x.grad, [3, 4])
    data[0] = 9
    assert float(x.array[0]) == 9
    x.to_chx()
    x.from_chx()
    assert isinstance(x.array, numpy.ndarray) and numpy.shares_memory(x.array, data)
    chainerx.testing.assert_array_equal(x.grad, [3, 4])
    x.from_chx()
    assert isinstance(x.array, numpy.ndarray)


def test_to_chx_and_from_chx_refuse_graph_members():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(RuntimeError):
        (x * 2).to_chx()
    c = chainer.Variable(_chx([1, 2]))
    with pytest.raises(RuntimeError):
        (c * 2).from_chx()


def test_to_device():
    x = chainer.Variable(_chx([1, 2]))
    x.grad = _chx([1, 1])
    x.to_device('native:1')
    assert x.device == backend.get_device('native:1')
    assert x.grad.device.name == 'native:1'
    assert x.raw_array.is_grad_required()
    x.to_device('@numpy')
    assert isinstance(x.array, numpy.ndarray) and isinstance(x.grad, numpy.ndarray)
    x.to_device('native:0')
    assert isinstance(x.array, chainerx.ndarray)
    x.to_cpu()
    assert isinstance(x.array, numpy.ndarray)


def test_unchain():
    x = chainer.Variable(_chx([1, 2]))
    y = x * 2
    y.unchain()
    assert y.raw_array.is_grad_required()
    F.sum(y * 3).backward()
    assert x.grad is None
    chainerx.testing.assert_array_equal(y.grad, [3, 3])
    z = x * 2
    z.unchain_backward()
    assert z.creator is None


def test_representations_and_item():
    x = chainer.Variable(_chx([1.5]), name='x')
    assert repr(x) == 'variable x([1.5])'
    assert str(x) == 'variable x([1.5])'
    assert x.item() == 1.5
    assert '- device: native:0' in x.debug_print()
    assert 'mean=1.5' in x.debug_print()


def test_copy_and_pickle():
    import pickle
    x = chainer.Variable(_chx([1, 2]), name='x')
    y = copy.copy(x)
    assert y.raw_array is x.raw_array
    z = pickle.loads(pickle.dumps(x))
    assert isinstance(z.array, chainerx.ndarray) and z.name == 'x'
    chainerx.testing.assert_array_equal(z.array, [1, 2])


def test_parameter_on_chainerx():
    p = chainer.Parameter(chainer.initializers.Constant(2), (2, 3))
    p.to_chx()
    assert isinstance(p.array, chainerx.ndarray) and p.raw_array.is_grad_required()
    assert isinstance(p.grad, chainerx.ndarray)
    p.cleargrad()
    assert p.grad is None
    p.from_chx()
    assert isinstance(p.array, numpy.ndarray)


def test_uninitialized_parameter_initializes_on_chainerx_device():
    p = chainer.Parameter(chainer.initializers.One())
    p.to_device('native:1')
    p.initialize((2,))
    assert p.device == backend.get_device('native:1')
    chainerx.testing.assert_array_equal(p.array, [1, 1])
    q = chainer.Parameter(chainer.initializers.Zero())
    q.to_chx()
    q.initialize((3,))
    assert isinstance(q.array, chainerx.ndarray)
    q.from_chx()
    assert isinstance(q.array, numpy.ndarray)


def test_copydata():
    x = chainer.Variable(_chx([1, 2]))
    x.copydata(chainer.Variable(numpy.array([5, 6], numpy.float32)))
    chainerx.testing.assert_array_equal(x.array, [5, 6])


def test_array_setter_switches_kinds():
    x = chainer.Variable(_chx([1, 2]))
    x.grad = _chx([1, 1])
    x.array = numpy.array([3, 4], numpy.float32)
    assert isinstance(x.array, numpy.ndarray) and x.grad is None
    assert x.xp is numpy
    x.array = _chx([5, 6])
    assert x.xp is chainerx and x.raw_array.is_grad_required()
