"""chainer._backprop: chainer.backward and the backward walk behind every backprop."""
import gc
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F


def _v(values, dtype='f', **kwargs):
    return chainer.Variable(numpy.array(values, dtype), **kwargs)


class TestChainerBackward:

    def test_multiple_outputs(self):
        x = _v([1., 2.])
        a = x * 2
        b = x * x
        chainer.backward([a, b], [_v([1., 1.]), _v([1., 1.])])
        numpy.testing.assert_allclose(x.grad, 2 + 2 * x.array)

    def test_uses_the_grad_of_the_outputs_and_releases_it(self):
        x = _v([1., 2.])
        y = F.sum(x * 2)
        y.grad = numpy.array(3, 'f')
        chainer.backward([y])
        numpy.testing.assert_array_equal(x.grad, [6., 6.])
        assert y.grad is None

    def test_given_gradient_is_not_stored_in_the_output(self):
        x = _v([1., 2.])
        y = F.sum(x * 2)
        chainer.backward([y], [_v(1.)])
        assert y.grad is None
        numpy.testing.assert_array_equal(x.grad, [2., 2.])

    @pytest.mark.parametrize('outputs', [(), []])
    def test_no_output(self, outputs):
        chainer.backward(outputs)

    def test_output_without_grad_is_skipped_with_a_warning(self):
        x = _v([1., 2.])
        y = x * 2
        z = x * 3
        z.grad = numpy.ones(2, 'f')
        with pytest.warns(RuntimeWarning, match='chainer.backward does not set default grad'):
            chainer.backward([y, z])
        numpy.testing.assert_array_equal(x.grad, [3., 3.])

    def test_scalar_output_without_grad_is_not_seeded(self):
        x = _v(2.)
        y = x * 2
        with pytest.warns(RuntimeWarning):
            chainer.backward([y])
        assert x.grad is None

    def test_duplicate_outputs_count_once_with_a_warning(self):
        x = _v([1., 2.])
        y = x * 2
        y.grad = numpy.ones(2, 'f')
        with pytest.warns(RuntimeWarning, match='duplicate outputs'):
            chainer.backward([y, y])
        numpy.testing.assert_array_equal(x.grad, [2., 2.])

    def test_gradients_given_twice_for_one_output_are_summed(self):
        x = _v([1., 2.])
        y = x * 2
        chainer.backward([y, y], [_v([1., 1.]), _v([5., 5.])])
        numpy.testing.assert_array_equal(x.grad, [12., 12.])

    def test_none_in_grad_outputs_skips_the_output(self):
        x = _v([1., 2.])
        y = x * 2
        z = x * 3
        z.grad = numpy.ones(2, 'f')
        with warnings.catch_warnings():
            warnings.simplefilter('error')
            chainer.backward([y, z], [_v([1., 1.]), None])
        numpy.testing.assert_array_equal(x.grad, [2., 2.])
        numpy.testing.assert_array_equal(z.grad, [1., 1.])
        chainer.backward([y], [None])
        numpy.testing.assert_array_equal(x.grad, [2., 2.])

    def test_leaf_outputs_accumulate_their_gradient(self):
        x = _v([1., 2.])
        y = x * 2
        chainer.backward([x, y], [_v([1., 1.]), _v([1., 1.])])
        numpy.testing.assert_array_equal(x.grad, [3., 3.])
        w = _v([1., 2.])
        w.grad = numpy.ones(2, 'f')
        chainer.backward([w], [_v([5., 5.])])
        numpy.testing.assert_array_equal(w.grad, [6., 6.])

    def test_enable_double_backprop(self):
        x = _v(2.)
        y = x * x
        chainer.backward([y], [_v(1.)], enable_double_backprop=True)
        assert x.grad_var.creator is not None
        gx = x.grad_var
        x.cleargrad()
        gx.backward()
        assert x.grad == 2.

    @pytest.mark.parametrize('kwargs,error,match', [
        ({'retain_grad': False}, ValueError, 'retain_grad=True is under discussion'),
        ({'loss_scale': None}, ValueError, 'does not support loss_scale'),
        ({'foo': 1}, TypeError, "unexpected keyword argument"),
    ])
    def test_keyword_arguments(self, kwargs, error, match):
        x = _v([1., 2.])
        with pytest.raises(error, match=match):
            chainer.backward([x * 2], [_v([1., 1.])], **kwargs)

    @pytest.mark.parametrize('args,error,match', [
        (lambda y: (y,), TypeError, 'outputs must be a tuple or a list'),
        (lambda y: ([y], _v([1., 1.])), TypeError,
         'grad_outputs must be None, a tuple, or a list'),
        (lambda y: ([y], [None, None]), ValueError,
         r'(?s)grad_outputs must be of the same length as outputs\..*len\(outputs\) = 1, '
         r'len\(grad_outputs\) = 2'),
        (lambda y: ([y.array],), TypeError, 'each output must be a Variable'),
    ])
    def test_argument_errors(self, args, error, match):
        x = _v([1., 2.])
        with pytest.raises(error, match=match):
            chainer.backward(*args(x * 2))


class TestChainerBackwardAsV7:

    @pytest.mark.parametrize('gy', [numpy.ones(2, 'f'), [1., 1.], 1.])
    def test_output_gradients_must_be_variables(self, gy):
        x = _v([1., 2.])
        with pytest.raises(AttributeError):  # (what v7 raises; also a TypeError here)
            chainer.backward([x * 2], [gy])
        with pytest.raises(TypeError, match=r'grad_outputs\[0\] must be a Variable or None'):
            chainer.backward([x * 2], [gy])

    def test_outputs_computed_without_gradients_are_skipped(self):
        x = _v([1., 2.], requires_grad=False)
        y = x * 2
        chainer.backward([y], [numpy.ones(2, 'f')])
        chainer.backward([y], [_v([1., 1.])])
        assert x.grad is None and y.grad is None

    def test_outputs_keep_their_own_gradient_when_gradients_are_given(self):
        x = _v([1., 2.])
        z = F.sum(x)
        z.grad = numpy.array(5, 'f')
        chainer.backward([x * x, z], [_v([1., 1.]), _v(1.)])
        numpy.testing.assert_array_equal(x.grad, [3., 5.])  # z.grad was not used...
        assert z.grad == 5.  # ...nor released

    def test_leaf_output_counts_its_gradient_once(self):
        x = _v([1., 2.])
        x.grad = numpy.full(2, 2, 'f')
        y = x * x
        y.grad = numpy.ones(2, 'f')
        chainer.backward([x, y])
        numpy.testing.assert_array_equal(x.grad, [4., 6.])
        assert y.grad is None
        chainer.backward([x])
        numpy.testing.assert_array_equal(x.grad, [4., 6.])

    def test_existing_leaf_gradient_is_accumulated(self):
        x = _v([1., 2.])
        x.grad = numpy.ones(2, 'f')
        chainer.backward([x * x, F.sum(x)], [_v([1., 1.]), _v(1.)])
        numpy.testing.assert_array_equal(x.grad, [4., 6.])

    def test_gradient_of_another_dtype(self):
        x = _v([1., 2.])
        with pytest.raises(TypeError, match='Dtype of data and grad mismatch'):
            chainer.backward([x * 2], [_v([1., 1.], 'd')])

    def test_gradient_of_another_shape(self):
        x = _v([1., 2.])
        with pytest.raises(ValueError):
            chainer.backward([x * 2], [_v([1., 1., 1.])])


class TestWalk:

    def test_in_place_accumulation_does_not_touch_aliased_gradients(self):
        # x feeds four additions; Add passes the same gy array to both of its inputs, so
        # the walk must never accumulate into an array it did not allocate itself.
        x = _v([1., 2.])
        y = _v([3., 4.])
        s = (x + y) + (x + y) + x * 2 + x
        s.grad = numpy.ones(2, 'f')
        s.backward(retain_grad=True)
        numpy.testing.assert_array_equal(x.grad, [5., 5.])
        numpy.testing.assert_array_equal(y.grad, [2., 2.])
        numpy.testing.assert_array_equal(s.grad, [1., 1.])

    def test_output_gradient_given_by_the_user_is_not_modified(self):
        x = _v([1., 2.])
        y = x + x + x
        gy = numpy.ones(2, 'f')
        y.grad = gy
        y.backward()
        numpy.testing.assert_array_equal(gy, [1., 1.])
        numpy.testing.assert_array_equal(x.grad, [3., 3.])

    def test_leaf_gradient_from_a_broadcast_view_is_a_writeable_copy(self):
        x = chainer.Parameter(numpy.ones(3, numpy.float32))
        F.sum(x).backward()  # the gradient is a broadcast (read-only) view of a scalar
        assert x.grad.flags.writeable
        x.grad += 1
        numpy.testing.assert_array_equal(x.grad, numpy.full(3, 2, numpy.float32))

    def test_zero_dim_gradients_are_arrays(self):
        x = _v(2.)
        y = _v(3.)
        F.exp(x * y).backward()
        assert type(x.grad) is numpy.ndarray and type(y.grad) is numpy.ndarray
        numpy.testing.assert_allclose(x.grad, 3 * numpy.exp(6.), rtol=1e-6)

    def test_graph_stays_usable_after_backward(self):
        x = _v([1., 2.])
        y = F.sum(F.exp(x) * x)
        func = y.creator_node
        y.backward()
        del y
        gc.collect()
        assert func.inputs is not None
        numpy.testing.assert_allclose(x.grad, numpy.exp(x.array) * (x.array + 1), rtol=1e-6)

    def test_hooks_see_the_differentiable_path(self):
        from chainer import function_hooks
        x = _v([1., 2.])
        hook = function_hooks.TimerHook()
        with hook:
            F.sum(F.exp(x)).backward()
        labels = [name for name, _ in hook.call_history]
        assert 'Exp' in labels and 'Sum' in labels
        numpy.testing.assert_allclose(x.grad, numpy.exp(x.array), rtol=1e-6)


@pytest.mark.parametrize('shape', [(3,), (), (0, 2)])
def test_no_warnings_from_the_engine(shape):
    # a test environment that turns warnings into errors sees none from backprop
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        x = chainer.Variable(numpy.ones(shape, 'f'))
        w = chainer.Parameter(numpy.full(shape, 2, 'f'))
        y = F.sum(x * w + F.exp(x) - w / 2)
        y.backward(retain_grad=True, loss_scale=2.)
        gx, = chainer.grad([F.sum(x * x)], [x], enable_double_backprop=True)
        F.sum(gx).backward()
        with chainer.using_config('debug', True):
            F.sum(x * w).backward()
        x.debug_print()
        repr(x), str(x), x.summary()


def test_double_backprop_sums_gradients_that_are_leaves_in_the_graph():
    # Add's backward passes the output gradient on unchanged: with double backprop, the sum
    # of those two leaves (the given gradient requires grad) must stay differentiable (v7)
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    gy = chainer.Variable(numpy.ones(3, numpy.float32))
    gx, = chainer.grad([x + x], [x], [gy], enable_double_backprop=True)
    assert gx.requires_grad
    ggy, = chainer.grad([F.sum(gx * gx)], [gy])
    numpy.testing.assert_array_equal(ggy.array, [8, 8, 8])   # d/dgy sum((2 gy) ** 2)

    y = F.identity(x) + F.identity(x)
    y.grad_var = gy
    y.backward(enable_double_backprop=True)
    assert x.grad_var.requires_grad
