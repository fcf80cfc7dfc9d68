import pickle
import threading
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing


def _f32(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


class TestConstruction:

    def test_volatile_rejected(self):
        with pytest.raises(ValueError, match='volatile argument is not supported'):
            chainer.Variable(_f32(3), volatile=True)

    def test_scalar_rejected(self):
        with pytest.raises(TypeError):
            chainer.Variable(1.0)

    def test_unexpected_kwarg(self):
        with pytest.raises(TypeError):
            chainer.Variable(_f32(3), foo=1)

    def test_uninitialized(self):
        v = chainer.Variable()
        assert v.array is None
        assert repr(v) == 'variable(None)'

    def test_attributes(self):
        x = _f32(2, 3)
        v = chainer.Variable(x, name='x')
        assert v.array is x and v.data is x
        assert v.shape == (2, 3) and v.ndim == 2 and v.size == 6
        assert v.dtype == numpy.float32
        assert len(v) == 2
        assert v.name == 'x'
        assert v.label == '(2, 3), float32'
        assert v.xp is numpy
        assert v.requires_grad
        assert v.rank == 0
        assert v.creator is None and v.creator_node is None
        assert v.T.shape == (3, 2)
        assert chainer.Variable(numpy.array(1, 'f')).label == 'float32'

    def test_repr_str(self):
        v = chainer.Variable(numpy.array([1, 2], numpy.float32))
        assert repr(v) == 'variable([1., 2.])'
        assert str(v) == 'variable([1. 2.])'
        v.name = 'a'
        assert repr(v) == 'variable a([1., 2.])'
        assert v.summary() == '<variable a>'
        assert 'shape: (2,)' in v.debug_print()

    def test_item(self):
        assert chainer.Variable(numpy.array([3.5], 'f')).item() == 3.5
        with pytest.raises(ValueError):
            chainer.Variable(_f32(2)).item()

    def test_comparison_is_not_supported(self):
        v = chainer.Variable(_f32(2))
        with pytest.raises(NotImplementedError):
            v == v  # noqa: B015
        with pytest.raises(NotImplementedError):
            bool(v)

    def test_grad_setter_checks(self):
        v = chainer.Variable(_f32(2))
        with pytest.raises(ValueError):
            v.grad = numpy.zeros(3, 'f')
        with pytest.raises(TypeError):
            v.grad = numpy.zeros(2, 'd')
        v.grad = numpy.ones(2, 'f')
        assert isinstance(v.grad_var, chainer.Variable)
        v.cleargrad()
        assert v.grad is None

    def test_pickle(self):
        v = chainer.Variable(_f32(3), name='p')
        v.grad = numpy.ones(3, 'f')
        w = pickle.loads(pickle.dumps(v))
        numpy.testing.assert_array_equal(w.array, v.array)
        numpy.testing.assert_array_equal(w.grad, v.grad)
        assert w.name == 'p'


class TestBackward:

    def test_simple_chain(self):
        x = chainer.Variable(numpy.array([1., 2., 3.], 'f'))
        y = F.sum(x * x + 2 * x)
        y.backward()
        numpy.testing.assert_allclose(x.grad, 2 * x.array + 2)
        assert y.grad == 1

    def test_accumulates_into_leaf(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        F.sum(x * 3).backward()
        F.sum(x * 3).backward()
        numpy.testing.assert_allclose(x.grad, [6, 6])

    def test_variable_used_twice(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        y = x * x + x
        F.sum(y).backward()
        numpy.testing.assert_allclose(x.grad, 2 * x.array + 1)

    def test_size1_nonscalar_warns(self):
        x = chainer.Variable(numpy.array([2.], 'f'))
        y = x * x
        with pytest.warns(DeprecationWarning):
            y.backward()
        numpy.testing.assert_allclose(x.grad, [4.])

    def test_retain_grad(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        h = x * 2
        y = F.sum(h * h)
        y.backward()
        assert h.grad is None
        x.cleargrad()
        y = F.sum(h * h)
        y.backward(retain_grad=True)
        numpy.testing.assert_allclose(h.grad, 2 * h.array)

    def test_loss_scale(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        F.sum(x * x).backward(loss_scale=8)
        numpy.testing.assert_allclose(x.grad, 8 * 2 * x.array)
        assert x._loss_scale == 8

    def test_requires_grad_false(self):
        x = chainer.Variable(_f32(3), requires_grad=False)
        w = chainer.Variable(_f32(3))
        F.sum(x * w).backward()
        assert x.grad is None
        numpy.testing.assert_allclose(w.grad, x.array)

    def test_double_backprop(self):
        x = chainer.Variable(numpy.array([1., 2., 3.], 'f'))
        y = F.sum(x * x * x)
        y.backward(enable_double_backprop=True)
        gx = x.grad_var
        assert gx.creator is not None
        x.cleargrad()
        F.sum(gx).backward()
        numpy.testing.assert_allclose(x.grad, 6 * x.array)

    def test_no_backprop_mode(self):
        x = chainer.Variable(_f32(3))
        with chainer.no_backprop_mode():
            y = x * 2
            assert y.creator is None
            with chainer.force_backprop_mode():
                z = x * 2
                assert z.creator is not None
        assert (x * 2).creator is not None

    def test_unchain_backward_truncated_bptt(self):
        w = chainer.Variable(numpy.array([0.5], 'f'))
        h = chainer.Variable(numpy.array([1.0], 'f'))
        total = 0
        for step in range(6):
            h = h * w
            total = total + F.sum(h)
            if step % 3 == 2:
                w.cleargrad()
                total.backward()
                assert w.grad is not None
                h.unchain_backward()
                assert h.creator is None
                total = 0

    def test_unchain(self):
        x = chainer.Variable(_f32(3))
        y = x * 2
        z = y * 3
        y.unchain()
        assert y.creator is None
        F.sum(z).backward()
        assert x.grad is None
        numpy.testing.assert_allclose(y.grad, numpy.full(3, 3, 'f'))

    def test_creator_node_settable(self):
        x = chainer.Variable(_f32(3))
        y = x * 2
        node = y.creator_node
        y.creator_node = None
        assert y.creator is None
        y.creator_node = node
        assert y.rank == node.rank + 1

    def test_chainer_backward_multiple_outputs(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        a = x * 2
        b = x * x
        chainer.backward([a, b], [numpy.ones(2, 'f'), numpy.ones(2, 'f')])
        numpy.testing.assert_allclose(x.grad, 2 + 2 * x.array)

    def test_freed_intermediate_retained_output(self):
        x = chainer.Variable(numpy.array([0.5, 1.0], 'f'))
        y = F.sum(x ** 2)
        y.backward()
        numpy.testing.assert_allclose(x.grad, 2 * x.array)


class TestGrad:

    def test_grad_does_not_touch_attributes(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        w = chainer.Variable(numpy.array([3., 4.], 'f'))
        y = F.sum(x * w)
        gx, = chainer.grad([y], [x])
        numpy.testing.assert_allclose(gx.array, w.array)
        assert x.grad is None and w.grad is None

    def test_grad_set_grad_and_grad_inputs(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        y = F.sum(x * x)
        gx, = chainer.grad([y], [x], grad_inputs=[chainer.Variable(numpy.ones(2, 'f'))],
                           set_grad=True)
        numpy.testing.assert_allclose(gx.array, 2 * x.array + 1)
        numpy.testing.assert_allclose(x.grad, gx.array)

    def test_grad_of_intermediate(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        h = x * 3
        y = F.sum(h * h)
        gh, = chainer.grad([y], [h])
        numpy.testing.assert_allclose(gh.array, 2 * h.array)

    def test_grad_double(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        y = F.sum(x ** 3)
        gx, = chainer.grad([y], [x], enable_double_backprop=True)
        ggx, = chainer.grad([F.sum(gx)], [x])
        numpy.testing.assert_allclose(ggx.array, 6 * x.array)

    def test_grad_errors(self):
        x = chainer.Variable(_f32(2))
        with pytest.raises(TypeError):
            chainer.grad(F.sum(x), [x])
        with pytest.raises(ValueError):
            chainer.grad([F.sum(x)], [x], grad_outputs=[None, None])


class TestCopyAndAddGrad:

    def test_copydata(self):
        a = chainer.Variable(_f32(3))
        b = chainer.Variable(numpy.zeros(3, 'f'))
        b.copydata(a)
        numpy.testing.assert_array_equal(a.array, b.array)

    def test_addgrad(self):
        a = chainer.Variable(_f32(3))
        a.grad = numpy.ones(3, 'f')
        b = chainer.Variable(_f32(3))
        b.addgrad(a)
        numpy.testing.assert_array_equal(b.grad, numpy.ones(3))
        b.addgrad(a)
        numpy.testing.assert_array_equal(b.grad, 2 * numpy.ones(3))

    def test_zerograd_deprecated(self):
        a = chainer.Variable(_f32(3))
        with pytest.warns(DeprecationWarning):
            a.zerograd()
        numpy.testing.assert_array_equal(a.grad, numpy.zeros(3))


class TestConfig:

    def test_thread_local(self):
        seen = {}

        def worker():
            seen['train'] = chainer.config.train

        with chainer.using_config('train', False):
            t = threading.Thread(target=worker)
            t.start()
            t.join()
            assert chainer.config.train is False
        assert seen['train'] is True
        assert chainer.config.train is True

    def test_debug_nan_forward(self):
        x = chainer.Variable(numpy.array([-1.0], 'f'))
        with chainer.using_config('debug', True):
            assert chainer.is_debug()
            with pytest.raises(RuntimeError, match='NaN is detected on forward'):
                with warnings.catch_warnings():
                    warnings.simplefilter('ignore')
                    x ** 0.5
        assert not chainer.is_debug()

    def test_debug_nan_backward(self):

        class NanGrad(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * 2,

            def backward(self, indexes, grad_outputs):
                return chainer.Variable(numpy.array([numpy.nan], 'f')),

        x = chainer.Variable(numpy.array([0.0], 'f'))
        y = NanGrad().apply((x,))[0]
        with chainer.using_config('debug', True):
            with pytest.raises(RuntimeError, match='NaN is detected on backward.*NanGrad'):
                y.grad = numpy.ones(1, 'f')
                y.backward()

    def test_set_debug_and_debug_mode(self):
        with chainer.DebugMode(True):
            assert chainer.is_debug()
        chainer.set_debug(True)
        try:
            assert chainer.is_debug()
        finally:
            chainer.set_debug(False)

    def test_get_dtype(self):
        assert chainer.get_dtype() == numpy.float32
        with chainer.using_config('dtype', chainer.mixed16):
            assert chainer.get_dtype() == numpy.float16
            assert chainer.get_dtype(map_mixed16=numpy.float32) == numpy.float32
        assert chainer.get_dtype(numpy.float64) == numpy.float64

    def test_show(self, capsys):
        chainer.config.show()
        out = capsys.readouterr().out
        assert 'enable_backprop' in out and 'type_check' in out


class TestParameter:

    def test_array_initializer(self):
        p = chainer.Parameter(numpy.ones((2, 2), 'f'), name='W')
        assert p.is_initialized
        assert p.grad is None
        assert repr(p).startswith('parameter W(')

    def test_pickle(self):
        p = chainer.Parameter(numpy.ones((2,), 'f'))
        q = pickle.loads(pickle.dumps(p))
        numpy.testing.assert_array_equal(q.array, p.array)
        assert isinstance(q, chainer.Parameter)


@testing.parameterize(*testing.product({'dtype': [numpy.float16, numpy.float32]}))
class TestParameterizeWorks:

    def test_dtype_attr(self):
        assert self.dtype in (numpy.float16, numpy.float32)


def test_in_place_accumulation_does_not_touch_aliased_gradients():
    # x feeds four additions; Add passes the same gy array to both of its inputs, so the
    # engine must never accumulate into an array it did not allocate itself.
    x = chainer.Variable(numpy.array([1., 2.], 'f'))
    y = chainer.Variable(numpy.array([3., 4.], 'f'))
    s = (x + y) + (x + y) + x * 2 + x
    s.grad = numpy.ones(2, 'f')
    s.backward(retain_grad=True)
    numpy.testing.assert_array_equal(x.grad, [5., 5.])
    numpy.testing.assert_array_equal(y.grad, [2., 2.])
    numpy.testing.assert_array_equal(s.grad, [1., 1.])


def test_retained_output_recreated_without_reference_cycle():
    import gc
    import weakref

    class TwoRetained(chainer.FunctionNode):
        def forward(self, inputs):
            x, = inputs
            self.retain_outputs((0, 1))
            return x * 2, x * 3

        def backward(self, indexes, grad_outputs):
            a, b = self.get_retained_outputs()  # b's node is gone: it is rebuilt here
            return grad_outputs[0] * (a / a) * 2,

    x = chainer.Variable(numpy.array([0.5, 1.0], 'f'))
    a, b = TwoRetained().apply((x,))
    func_ref = weakref.ref(a.creator_node)
    del b
    z = F.sum(a)
    del a
    z.backward(enable_double_backprop=True)
    numpy.testing.assert_allclose(x.grad, [2., 2.])
    del z
    x.cleargrad()
    gc.disable()
    try:
        assert func_ref() is None  # freed by reference counting alone
    finally:
        gc.enable()
