import copy
import operator
import pickle
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


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

    @pytest.mark.parametrize('op,func', [
        ('==', operator.eq), ('!=', operator.ne), ('<', operator.lt), ('<=', operator.le),
        ('>', operator.gt), ('>=', operator.ge)])
    def test_comparison_is_not_supported(self, op, func):
        v = chainer.Variable(_f32(2))
        with pytest.raises(TypeError, match='Variables do not support {} operator'.format(op)):
            func(v, v)

    def test_no_bool_and_no_hash(self):
        v = chainer.Variable(numpy.ones(1, 'f'))
        with pytest.raises(TypeError, match='cannot be evaluated as Python bool'):
            bool(v)
        with pytest.raises(TypeError, match='unhashable'):
            hash(v)
        assert v in [v]

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
        assert y.grad is None  # released after backward (v7)

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

    def test_freed_intermediate_retained_output(self):
        x = chainer.Variable(numpy.array([0.5, 1.0], 'f'))
        y = F.sum(x ** 2)
        y.backward()
        numpy.testing.assert_allclose(x.grad, 2 * x.array)


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

    @pytest.mark.parametrize('src_shape,src_dtype,error', [
        ((2, 3), numpy.float64, type_check.InvalidType),
        ((2, 3), numpy.float16, type_check.InvalidType),
        ((3, 2), numpy.float32, type_check.InvalidType),
    ])
    def test_addgrad_onto_a_gradient_checks_as_the_add_operator(
            self, src_shape, src_dtype, error):
        # as v7: the sum is the ``+`` of Variables, with its type check
        dst = chainer.Variable(_f32(2, 3))
        dst.grad = numpy.ones((2, 3), 'f')
        src = chainer.Variable(numpy.ones(src_shape, src_dtype))
        src.grad = numpy.ones(src_shape, src_dtype)
        with pytest.raises(error):
            dst.addgrad(src)

    def test_addgrad_broadcasts_onto_a_gradient(self):
        dst = chainer.Variable(_f32(2, 3))
        dst.grad = numpy.ones((2, 3), 'f')
        src = chainer.Variable(_f32(3))
        src.grad = numpy.full(3, 2, 'f')
        dst.addgrad(src)
        numpy.testing.assert_array_equal(dst.grad, numpy.full((2, 3), 3, 'f'))
        dst = chainer.Variable(_f32(1, 3))
        dst.grad = numpy.ones((1, 3), 'f')
        with pytest.raises(ValueError):  # the sum no longer fits the variable
            dst.addgrad(chainer.Variable(_f32(2, 3), grad=numpy.ones((2, 3), 'f')))

    @pytest.mark.parametrize('src_shape,src_dtype,error', [
        ((2, 3), numpy.float64, TypeError),
        ((3,), numpy.float32, ValueError),
        ((3,), numpy.int32, TypeError),
    ])
    def test_addgrad_without_gradient_checks_as_the_grad_setter(
            self, src_shape, src_dtype, error):
        dst = chainer.Variable(_f32(2, 3))
        src = chainer.Variable(numpy.ones(src_shape, src_dtype))
        src.grad = numpy.ones(src_shape, src_dtype)
        with pytest.raises(error):
            dst.addgrad(src)
        assert dst.grad is None

    def test_zerograd_deprecated(self):
        a = chainer.Variable(_f32(3))
        with pytest.warns(DeprecationWarning):
            a.zerograd()
        numpy.testing.assert_array_equal(a.grad, numpy.zeros(3))


class TestParameter:

    def test_array_initializer(self):
        p = chainer.Parameter(numpy.ones((2, 2), 'f'), name='W')
        assert p.is_initialized
        assert p.grad is None
        assert repr(p).startswith('variable W(')  # v7 prints Parameters as variables

    def test_pickle(self):
        p = chainer.Parameter(numpy.ones((2,), 'f'))
        q = pickle.loads(pickle.dumps(p))
        numpy.testing.assert_array_equal(q.array, p.array)
        assert isinstance(q, chainer.Parameter)

    _PENDING = 'Cannot retrieve Variable.grad. Either it must be set manually or '

    def test_dtype_of_uninitialized_parameter(self):
        # as v7: numpy.dtype of the initializer's dtype (float64 when it has none)
        assert chainer.Parameter().dtype == numpy.float64
        assert chainer.Parameter(3.0).dtype == numpy.float64
        dtype = chainer.Parameter(chainer.initializers.Normal(dtype='f')).dtype
        assert isinstance(dtype, numpy.dtype) and dtype == numpy.float32

    def test_addgrad_from_an_undecided_grad_raises(self):
        # as v7: addgrad reads the source's grad
        dst = chainer.Parameter(numpy.zeros(2, 'f'))
        dst.cleargrad()
        with pytest.raises(RuntimeError, match=self._PENDING):
            dst.addgrad(chainer.Parameter())
        src = chainer.Parameter()
        src.cleargrad()
        dst.addgrad(src)
        assert dst.grad is None

    def test_copies_keep_the_undecided_grad(self):
        # as v7: deep copies and pickles of an uninitialized parameter still raise
        for dup in (copy.deepcopy, lambda p: pickle.loads(pickle.dumps(p))):
            with pytest.raises(RuntimeError, match=self._PENDING):
                dup(chainer.Parameter()).grad
            cleared = chainer.Parameter()
            cleared.cleargrad()
            assert dup(cleared).grad is None

    def test_grad_of_uninitialized_parameter_is_undecided(self):
        # as v7: reading it raises until it is set, cleared or initialized
        p = chainer.Parameter()
        with pytest.raises(RuntimeError, match=self._PENDING):
            p.grad
        assert p.grad_var is None and p._grad is None
        p.array = numpy.ones(2, 'f')  # (setting the array does not decide it)
        with pytest.raises(RuntimeError, match=self._PENDING):
            p.grad
        assert pickle.loads(pickle.dumps(chainer.Parameter())).array is None

    def test_grad_decided(self):
        p = chainer.Parameter()
        p.cleargrad()
        assert p.grad is None
        p.initialize((2,))
        assert p.grad is None   # cleared: no NaN gradient either
        p = chainer.Parameter()
        p.grad = None
        assert p.grad is None
        p.initialize((2,))
        assert numpy.isnan(p.grad).all()
        p = chainer.Parameter()
        p.initialize((2,))
        assert numpy.isnan(p.grad).all()
        with pytest.warns(DeprecationWarning):
            p = chainer.Parameter()
            p.zerograd()
        assert p.grad is None
        p.initialize((2,))
        numpy.testing.assert_array_equal(p.grad, [0, 0])


@testing.parameterize(*testing.product({'dtype': [numpy.float16, numpy.float32]}))
class TestParameterizeWorks:

    def test_dtype_attr(self):
        assert self.dtype in (numpy.float16, numpy.float32)


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


# --- v7 behaviours of Variable.backward (checked against Chainer v7.8.1) -------------------


def _v(values, dtype='f', **kwargs):
    return chainer.Variable(numpy.array(values, dtype), **kwargs)


class TestBackwardGradientsOfOutputs:

    def test_output_gradient_is_released(self):
        x = _v([1., 2.])
        y = F.sum(x * 2)
        y.backward()
        assert y.grad is None and y.grad_var is None
        numpy.testing.assert_array_equal(x.grad, [2., 2.])

    def test_gradient_set_by_the_user_is_released_too(self):
        x = _v([1., 2.])
        y = x * 2
        y.grad = numpy.array([3., 4.], 'f')
        gy = y.grad_var
        y.backward()
        assert y.grad is None
        numpy.testing.assert_array_equal(gy.array, [3., 4.])
        numpy.testing.assert_array_equal(x.grad, [6., 8.])

    def test_retain_grad_keeps_the_initial_gradient(self):
        x = _v([2.])
        y = x * 2
        y.grad = numpy.array([5.], 'f')
        y.backward(retain_grad=True)
        numpy.testing.assert_array_equal(y.grad, [5.])
        numpy.testing.assert_array_equal(x.grad, [10.])

    def test_retain_grad_keeps_the_seeded_gradient_with_its_loss_scale(self):
        x = _v([1., 2.])
        y = F.sum(x * 2)
        y.backward(retain_grad=True, loss_scale=3.)
        assert type(y.grad) is numpy.ndarray and y.grad.shape == ()
        assert y.grad == 3.
        numpy.testing.assert_array_equal(x.grad, [6., 6.])

    def test_loss_scale_scales_only_a_seeded_gradient(self):
        x = _v(2.)
        y = x * 2
        y.grad = numpy.array(5., 'f')
        y.backward(loss_scale=2., retain_grad=True)
        assert y.grad == 5.
        assert x.grad == 10.

    def test_loss_scale_keeps_the_dtype(self):
        x = _v(2., 'e')
        y = x * 2
        y.backward(loss_scale=numpy.float64(3))
        assert x.grad.dtype == numpy.float16
        assert x.grad == 6.

    def test_intermediate_gradients_are_released_unless_retained(self):
        x = _v([1., 2.])
        h = x * 2
        y = F.sum(h * h)
        y.backward()
        assert h.grad is None and y.grad is None
        x.cleargrad()
        y = F.sum(h * h)
        y.backward(retain_grad=True)
        numpy.testing.assert_array_equal(h.grad, [4., 8.])
        assert y.grad == 1.
        numpy.testing.assert_array_equal(x.grad, [8., 16.])

    def test_retain_grad_sums_over_the_uses_of_a_variable(self):
        x = _v([1., 2.])
        h = x * 2
        y = F.sum(h) + F.sum(h * h)
        y.backward(retain_grad=True)
        numpy.testing.assert_array_equal(h.grad, [5., 9.])


class TestBackwardInitialGradient:

    def test_size_one_output_is_seeded_with_a_deprecation_warning(self):
        x = _v([[1.]])
        y = x * 2
        with pytest.warns(DeprecationWarning, match='only one element'):
            y.backward()
        numpy.testing.assert_array_equal(x.grad, [[2.]])
        assert y.grad is None

    def test_scalar_leaf_gets_its_seed(self):
        x = _v(2.)
        x.backward()
        assert x.grad == 1.
        z = _v(2.)
        z.backward(loss_scale=5)
        assert z.grad == 5.

    def test_leaf_not_requiring_grad_gets_its_seed(self):
        x = _v(2., requires_grad=False)
        x.backward()
        assert x.grad == 1.

    def test_leaf_keeps_its_gradient(self):
        x = _v([2., 1.])
        x.grad = numpy.array([3., 1.], 'f')
        x.backward()
        numpy.testing.assert_array_equal(x.grad, [3., 1.])

    def test_non_scalar_leaf_without_gradient(self):
        x = _v([2., 1.])
        x.backward()
        assert x.grad is None

    @pytest.mark.parametrize('func', [
        F.identity, lambda x: x + 1, lambda x: F.identity(x) + 1])
    def test_non_scalar_output_without_gradient_gives_none(self, func):
        # as v7: the creator's backward runs with no output gradient
        x = _v([1., 2.])
        func(x).backward()
        assert x.grad is None

    @pytest.mark.parametrize('func', [
        lambda x: x * 2, lambda x: x * x, lambda x: -x, F.exp])
    def test_non_scalar_output_without_gradient_raises_where_v7_raises(self, func):
        x = _v([1., 2.])
        with pytest.raises(TypeError):
            func(x).backward()

    def test_output_not_connected_to_a_leaf(self):
        x = _v(2., requires_grad=False)
        with chainer.no_backprop_mode():
            y = x * 2
        y.backward()
        assert x.grad is None


class TestBackwardAccumulation:

    def test_into_an_existing_gradient(self):
        x = _v([1., 2.])
        x.grad = numpy.ones(2, 'f')
        y = x * x
        y.grad = numpy.ones(2, 'f')
        y.backward()
        numpy.testing.assert_array_equal(x.grad, [3., 5.])

    def test_variable_used_several_times_with_an_existing_gradient(self):
        x = _v([1., 2.])
        x.grad = numpy.ones(2, 'f')
        F.sum(x + x + x).backward()
        numpy.testing.assert_array_equal(x.grad, [4., 4.])

    def test_variable_given_twice_to_one_function(self):
        x = _v([1., 2.])
        x.grad = numpy.full(2, 10, 'f')
        F.sum(F.concat((x, x), axis=0)).backward()
        numpy.testing.assert_array_equal(x.grad, [12., 12.])

    @pytest.mark.parametrize('func', [F.identity, lambda x: x * 2, lambda x: x + x])
    def test_existing_gradient_array_is_replaced_not_modified(self, func):
        x = _v([1., 2.])
        x.grad = numpy.ones(2, 'f')
        old = x.grad
        F.sum(func(x)).backward()
        assert x.grad is not old
        numpy.testing.assert_array_equal(old, [1., 1.])

    def test_second_backward_accumulates(self):
        x = _v([1., 2.])
        F.sum(x).backward()
        first = x.grad
        F.sum(x * 2).backward()
        numpy.testing.assert_array_equal(x.grad, [3., 3.])
        assert x.grad is not first


class TestUnchain:

    def test_unchain_stops_backprop_at_the_variable(self):
        x = _v([1., 2.])
        h = x * 2
        y = h * 3
        h.unchain()
        assert h.creator is None and h.creator_node is None
        assert h.rank == 1
        F.sum(y).backward()
        assert x.grad is None
        numpy.testing.assert_array_equal(h.grad, [3., 3.])

    def test_unchain_keeps_the_function_outputs(self):
        x = _v([1., 2.])
        h = x * 2
        func = h.creator_node
        h.unchain()
        assert func.outputs[0]() is h.node
        assert func.inputs[0] is x.node

    def test_unchain_backward_clears_the_graph_behind(self):
        x = _v([1., 2.])
        h = x * 2
        f = h.creator_node
        y = h * 3
        g = y.creator_node
        y.unchain_backward()
        assert y.creator is None and h.creator is None
        assert y.rank == 2
        assert f.inputs is None and f.outputs is None
        assert g.inputs is None and g.outputs is None
        numpy.testing.assert_array_equal(y.array, [6., 12.])

    def test_unchain_backward_of_a_leaf_keeps_the_graph(self):
        x = _v([1., 2.])
        h = x * 2
        x.unchain_backward()
        assert h.creator is not None

    def test_function_node_unchain(self):
        x = _v([1., 2.])
        h = x * 2
        f = h.creator_node
        f.unchain()
        assert f.inputs is None and f.outputs is None
        assert h.creator is None and h.rank == 1

    @pytest.mark.parametrize('attr', ['creator', 'creator_node'])
    def test_creator_set_to_none_and_back(self, attr):
        x = _v([1., 2.])
        h = x * 2
        y = F.sum(h * 3)
        saved = getattr(h, attr)
        setattr(h, attr, None)
        assert h.creator is None and h.creator_node is None
        assert h.rank == 1
        setattr(h, attr, saved)
        assert h.creator_node is not None
        y.backward()
        numpy.testing.assert_array_equal(x.grad, [6., 6.])

    def test_node_creator_set_to_none(self):
        x = _v([1., 2.])
        h = x * 2
        h.node.creator = None
        assert h.creator is None and h.rank == 1
        h.node.set_creator(None)
        assert h.node.creator_node is None

    def test_set_creator_node_sets_the_rank(self):
        x = _v([1., 2.])
        f = (x * 2).creator_node
        y = _v([0., 0.])
        y.creator_node = f
        assert y.creator is f and y.rank == 1
        z = _v([0., 0.])
        z.set_creator_node(f)
        assert z.rank == 1


class TestPrivateAttributesOfV7:

    def test_grad_alias(self):
        v = _v([1., 2.])
        assert v._grad is None
        v.grad = numpy.ones(2, 'f')
        numpy.testing.assert_array_equal(v._grad, [1., 1.])
        v._grad = numpy.full(2, 3, 'f')
        numpy.testing.assert_array_equal(v.grad_var.array, [3., 3.])
        p = chainer.Parameter(numpy.zeros(2, 'f'))
        p._grad = numpy.ones(2, 'f')
        numpy.testing.assert_array_equal(p.grad, [1., 1.])

    def test_has_chainerx_array(self):
        assert chainer.Variable(numpy.zeros(2, 'f'))._has_chainerx_array is False
        assert chainer.Variable._has_chainerx_array is False

    def test_init_unchecked(self):
        data = numpy.zeros(2, 'f')
        v = chainer.Variable._init_unchecked(data, name='a', requires_grad=False)
        assert type(v) is chainer.Variable
        assert v.array is data and v.name == 'a' and not v.requires_grad
        assert v.grad is None
        assert repr(chainer.Variable._init_unchecked()) == 'variable(None)'
        # no checks: a gradient of another shape is taken as is
        w = chainer.Variable._init_unchecked(data, grad=numpy.ones(3, 'd'))
        numpy.testing.assert_array_equal(w.grad, [1., 1., 1.])
        assert type(chainer.Parameter._init_unchecked(data)) is chainer.Variable


class TestPos:

    def test_pos_is_the_variable_itself(self):
        v = _v([1., 2.])
        assert (+v) is v
        assert (+v).creator is None


class TestConstructionFromUncheckedArrays:

    @pytest.mark.parametrize('value', [[1., 2.], (1, 2), 3, 3.0, numpy.float32(1)])
    def test_non_arrays_are_rejected(self, value):
        with pytest.raises(TypeError, match='are expected'):
            chainer.Variable(value)

    @pytest.mark.parametrize('value', [numpy.array(1.), numpy.array([1, 2]),
                                       numpy.zeros((0, 3), 'f'), numpy.array([True])])
    def test_any_ndarray_is_accepted(self, value):
        assert chainer.Variable(value).array is value

    def test_positional_name_is_rejected(self):
        with pytest.raises(TypeError):
            chainer.Variable(numpy.zeros(2, 'f'), 'x')

    def test_grad_is_not_checked_against_the_data(self):
        v = chainer.Variable(numpy.zeros(2, 'f'), grad=numpy.zeros(2, 'd'))
        assert v.grad.dtype == numpy.float64
        u = chainer.Variable(None, grad=numpy.zeros(3, 'f'))
        assert u.grad.shape == (3,)


class TestGradSetterMessages:

    def test_dtype(self):
        v = _v([1., 2.])
        with pytest.raises(TypeError, match='Dtype of data and grad mismatch'):
            v.grad = numpy.zeros(2, 'd')

    def test_shape(self):
        v = _v([1., 2.])
        with pytest.raises(ValueError, match='Shape of data and grad mismatch'):
            v.grad = numpy.zeros(3, 'f')

    @pytest.mark.parametrize('value', [1.0, [1., 2.], numpy.float32(1)])
    def test_type(self, value):
        v = _v([1., 2.])
        with pytest.raises(TypeError, match='Type of grad is invalid'):
            v.grad = value

    def test_grad_var(self):
        v = _v([1., 2.])
        with pytest.raises(ValueError, match='Shape of data and grad mismatch'):
            v.grad_var = chainer.Variable(numpy.zeros(3, 'f'))


_ID = '0x[0-9a-f]+'


class TestPrintedText:

    @pytest.mark.parametrize('variable,text_repr,text_str', [
        (_v([1., 2.]), 'variable([1., 2.])', 'variable([1. 2.])'),
        (_v([1., 2.], name='x'), 'variable x([1., 2.])', 'variable x([1. 2.])'),
        (_v(3.5), 'variable(3.5)', 'variable(3.5)'),
        (chainer.Variable(numpy.zeros((0, 3), 'f')), 'variable([], shape=(0, 3))',
         'variable([])'),
        (chainer.Variable(None, name='n'), 'variable n(None)', 'variable n(None)'),
        (chainer.Variable(numpy.array([1, 2], 'i')), 'variable([1, 2])', 'variable([1 2])'),
        (chainer.Parameter(numpy.array([1., 2.], 'f')), 'variable([1., 2.])',
         'variable([1. 2.])'),
        (chainer.Parameter(), 'variable(None)', 'variable(None)'),
        (_v([[1e-8, 2.], [3, 4]], name='long_name'),
         'variable long_name([[1.e-08, 2.e+00],\n                    [3.e+00, 4.e+00]])',
         'variable long_name([[1.e-08 2.e+00]\n                    [3.e+00 4.e+00]])'),
    ])
    def test_repr_and_str(self, variable, text_repr, text_str):
        assert repr(variable) == text_repr
        assert str(variable) == text_str

    def test_summary(self):
        v = _v([1.])
        assert v.summary() == '<variable at 0x%x>' % id(v)
        v.name = 'w'
        assert v.summary() == '<variable w>'

    def test_debug_print(self):
        v = _v([1., 2.], name='x')
        v.grad = numpy.array([0.5, 1.], 'f')
        assert v.debug_print() == (
            "<variable x>\n"
            "- device: CPU\n"
            "- backend: <class 'numpy.ndarray'>\n"
            "- shape: (2,)\n"
            "- dtype: float32\n"
            "- statistics: mean=1.50000000, std=0.50000000\n"
            "- grad: mean=0.75000000, std=0.25000000")

    def test_debug_print_of_integers_zero_grad_and_no_grad(self):
        v = chainer.Variable(numpy.array([1, 2], 'i'), name='i')
        assert v.debug_print().splitlines()[-2:] == [
            '- statistics: mean=1.50000000, std=0.50000000', '- grad: None']
        w = _v([[1., 2.]], 'd', name='q')
        w.grad = numpy.zeros((1, 2), 'd')
        assert w.debug_print().splitlines()[-1] == '- grad: 0'

    def test_debug_print_of_empty_and_uninitialized(self):
        v = chainer.Variable(numpy.zeros((0, 3), 'f'), name='e')
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)  # v7 lets NumPy warn here
            lines = v.debug_print().splitlines()
        assert lines[-2:] == ['- statistics: mean=nan, std=nan', '- grad: None']
        u = chainer.Variable(None, name='u')
        assert u.debug_print() == (
            '<variable u>\n- device: None\n- backend: None\n- shape: None\n'
            '- dtype: None\n- statistics: None\n- grad: None')


def test_variable_node_is_slotted_but_extensible_and_picklable():
    x = chainer.Variable(numpy.ones(3, numpy.float32), name='x')
    node = x.node
    assert type(type(node).__dict__['creator_node']).__name__ == 'member_descriptor'
    node.note = 'user attribute'
    assert node.note == 'user attribute'
    clone = pickle.loads(pickle.dumps(x))
    assert clone.name == 'x'
    numpy.testing.assert_array_equal(clone.array, x.array)


class TestGradientVariablesRequireGrad:
    """As v7, every gradient Variable requires grad; outside double backprop it has no
    creator."""

    def test_set_by_the_user(self):
        x = chainer.Variable(_f32(3), grad=_f32(3))
        assert x.grad_var.requires_grad
        x.grad = _f32(3)
        assert x.grad_var.requires_grad
        x.cleargrad()
        x.addgrad(chainer.Variable(_f32(3), grad=_f32(3)))
        assert x.grad_var.requires_grad
        with pytest.warns(DeprecationWarning):
            chainer.Variable(_f32(3)).zerograd()

    @pytest.mark.parametrize('existing', [False, True])
    def test_computed_by_backward(self, existing):
        x = chainer.Variable(_f32(3))
        if existing:
            x.grad = numpy.ones(3, 'f')
        h = x * 2
        F.sum(h * h + x).backward(retain_grad=True)
        for v in (x, h):
            assert v.grad_var.requires_grad
            assert v.grad_var.creator is None

    def test_computed_by_grad(self):
        x = chainer.Variable(_f32(3))
        gx, = chainer.grad([F.sum(x * x)], [x], grad_inputs=[numpy.ones(3, 'f')])
        assert gx.requires_grad
        assert gx.creator is None

    def test_a_gradient_can_be_differentiated_as_a_leaf(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        F.sum(x * x).backward()
        gx = x.grad_var
        F.sum(gx * 3).backward()
        numpy.testing.assert_array_equal(gx.grad, [3., 3.])

    def test_existing_gradient_summed_in_the_graph_with_double_backprop(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'), grad=numpy.ones(2, 'f'))
        F.sum(x * x).backward(enable_double_backprop=True)
        assert x.grad_var.creator is not None
        numpy.testing.assert_array_equal(x.grad, [3., 5.])


def test_parameter_dtype_with_an_initializer_without_dtype():
    # as v7: a plain callable does not tell the dtype of an uninitialized parameter
    param = chainer.Parameter(lambda array: array.fill(1))
    with pytest.raises(RuntimeError, match='uninitialized'):
        param.dtype
    assert chainer.Parameter(chainer.initializers.One()).dtype == numpy.float64
    assert chainer.Parameter(chainer.initializers.One(dtype='e')).dtype == numpy.float16
    param.initialize((2,))
    assert param.dtype == numpy.float32


@pytest.mark.parametrize('shape,text', [
    ((0,), 'variable([])'),
    ((0, 3), 'variable([], shape=(0, 3))'),
])
def test_repr_of_empty_arrays_as_v7(shape, text):
    assert repr(chainer.Variable(numpy.zeros(shape, 'f'))) == text


def test_mean_method_is_f_average_as_v7():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))
    assert float(x.mean().array) == 2.5
    numpy.testing.assert_allclose(x.mean(axis=1).array, [1, 4])
    assert x.mean(axis=0, keepdims=True).shape == (1, 3)
    w = numpy.array([1, 2, 3], numpy.float32)
    numpy.testing.assert_allclose(x.mean(axis=1, weights=w).array, [4 / 3, 13 / 3], rtol=1e-6)
    with pytest.raises(TypeError):
        x.mean(1, w)  # weights and keepdims are keyword-only


def test_as_layout_standard_layout():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    assert x.as_layout(None) is x


def test_parameter_layout_keyword_as_v7():
    p = chainer.Parameter(numpy.ones(2, numpy.float32), layout=None)
    assert p.layout is None
    with pytest.raises(ValueError, match='layout'):
        chainer.Parameter(numpy.ones(2, numpy.float32), layout='CUDNN_CHANNEL_LAST_X')
    with pytest.raises(TypeError):
        chainer.Parameter(None, None, None, None)  # layout is keyword-only
