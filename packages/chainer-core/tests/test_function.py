"""chainer.function: the old-style Function (array backward) run through its adapter node."""
import gc
import weakref

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.testing._fast_backward import check_fast_backward


def _x():
    return numpy.array([1., 2., 3.], 'f')


def test_old_style_function():
    class Square(chainer.Function):
        def forward_cpu(self, inputs):
            return inputs[0] ** 2,

        def backward_cpu(self, inputs, grad_outputs):
            return 2 * inputs[0] * grad_outputs[0],

    x = chainer.Variable(_x())
    f = Square()
    y = f(x)
    assert isinstance(y, chainer.Variable)
    assert y.creator is f
    assert isinstance(y.creator_node, chainer.FunctionAdapter)
    assert f.label == 'Square'
    F.sum(y).backward()
    numpy.testing.assert_allclose(x.grad, 2 * _x())
    with pytest.raises(RuntimeError, match='retained output data is gone'):
        f.output_data  # no output is retained unless the function asks


def test_old_style_function_retains_the_outputs_it_asks_for():
    class Exp(chainer.Function):
        def forward(self, inputs):
            self.retain_outputs((0,))
            return numpy.exp(inputs[0]),

        def backward(self, inputs, grad_outputs):
            return self.output_data[0] * grad_outputs[0],

    x = chainer.Variable(_x())
    f = Exp()
    y = f(x)
    F.sum(y).backward()
    numpy.testing.assert_allclose(x.grad, numpy.exp(_x()))
    numpy.testing.assert_allclose(f.output_data[0], numpy.exp(_x()))


def test_old_style_function_multiple_outputs_and_type_check():
    from chainer.utils import type_check

    class Split(chainer.Function):
        def check_type_forward(self, in_types):
            type_check.expect(in_types[0].dtype == numpy.float32)

        def forward(self, inputs):
            return inputs[0][:1], inputs[0][1:]

        def backward(self, inputs, grad_outputs):
            g0, g1 = grad_outputs
            g0 = numpy.zeros(1, 'f') if g0 is None else g0
            g1 = numpy.zeros(2, 'f') if g1 is None else g1
            return numpy.concatenate([g0, g1]),

    x = chainer.Variable(_x())
    a, b = Split()(x)
    F.sum(b).backward()
    numpy.testing.assert_allclose(x.grad, [0, 1, 1])
    with pytest.raises(type_check.InvalidType, match='Split'):
        Split()(numpy.zeros(3, 'd'))


class _Triple(chainer.Function):
    def forward(self, inputs):
        return inputs[0] * 3,

    def backward(self, inputs, grad_outputs):
        return grad_outputs[0] * 3,


class _Returning(chainer.Function):
    """Returns ``grads`` (a callable of the output gradient) from backward."""

    def __init__(self, grads):
        self.grads = grads

    def forward(self, inputs):
        return inputs[0] * 3,

    def backward(self, inputs, grad_outputs):
        return self.grads(grad_outputs[0])


class TestBackwardOfOldStyleOutputs:

    def test_backward_from_the_output(self):
        x = chainer.Variable(_x())
        y = _Triple()(x)
        y.grad = numpy.ones(3, 'f')
        y.backward()
        numpy.testing.assert_array_equal(x.grad, [3., 3., 3.])
        assert y.grad is None

    def test_in_a_chain_and_with_grad(self):
        x = chainer.Variable(_x())
        y = F.sum(_Triple()(x))
        y.backward()
        numpy.testing.assert_array_equal(x.grad, [3., 3., 3.])
        w = chainer.Variable(_x())
        gw, = chainer.grad([F.sum(_Triple()(w) * w)], [w])
        numpy.testing.assert_allclose(gw.array, 6 * _x())

    def test_double_backprop_gives_a_constant_gradient(self):
        x = chainer.Variable(_x())
        y = _Triple()(x)
        y.grad = numpy.ones(3, 'f')
        y.backward(enable_double_backprop=True)
        assert x.grad_var.creator is None
        numpy.testing.assert_array_equal(x.grad, [3., 3., 3.])

    @pytest.mark.parametrize('grads', [
        lambda gy: (gy * 3, gy),  # extra gradients are ignored
        lambda gy: [gy * 3],  # a list is fine
    ])
    def test_gradient_sequences_v7_accepts(self, grads):
        x = chainer.Variable(_x())
        y = _Returning(grads)(x)
        y.grad = numpy.ones(3, 'f')
        y.backward()
        numpy.testing.assert_array_equal(x.grad, [3., 3., 3.])

    @pytest.mark.parametrize('grads,error,match', [
        (lambda gy: (3.0,), TypeError, 'Type of grad is invalid'),
        (lambda gy: (gy.astype('d'),), TypeError, 'Dtype of data and grad mismatch'),
        (lambda gy: (numpy.ones(2, 'f'),), ValueError, 'Shape of data and grad mismatch'),
        (lambda gy: (), IndexError, None),
    ])
    def test_invalid_gradients(self, grads, error, match):
        x = chainer.Variable(_x())
        y = _Returning(grads)(x)
        y.grad = numpy.ones(3, 'f')
        with pytest.raises(error, match=match):
            y.backward()

    def test_forward_must_return_arrays(self):
        with pytest.raises(TypeError, match='forward output must be a tuple of ndarrays'):
            _Returning(None)(chainer.Variable(numpy.array(2., 'f')))

    def test_retained_arrays_seen_by_backward(self):
        seen = {}

        class Retaining(chainer.Function):
            def forward(self, inputs):
                self.retain_inputs(())
                self.retain_outputs((0,))
                return inputs[0] * 2,

            def backward(self, inputs, grad_outputs):
                seen['inputs'] = inputs
                seen['outputs'] = self.output_data
                return grad_outputs[0] * 2,

        x = chainer.Variable(_x())
        y = Retaining()(x)
        y.grad = numpy.ones(3, 'f')
        y.backward()
        assert seen['inputs'] == (None,)
        numpy.testing.assert_array_equal(seen['outputs'][0], 2 * _x())
        numpy.testing.assert_array_equal(x.grad, [2., 2., 2.])

    def test_only_the_used_output_has_a_gradient(self):
        seen = []

        class Two(chainer.Function):
            def forward(self, inputs):
                return inputs[0] * 2, inputs[0] * 3

            def backward(self, inputs, grad_outputs):
                seen.append(grad_outputs[1])
                return grad_outputs[0] * 2,

        x = chainer.Variable(_x())
        a, b = Two()(x)
        a.grad = numpy.ones(3, 'f')
        a.backward()
        assert seen == [None]
        numpy.testing.assert_array_equal(x.grad, [2., 2., 2.])

    def test_array_input(self):
        class Product(chainer.Function):
            def forward(self, inputs):
                return inputs[0] * inputs[1],

            def backward(self, inputs, grad_outputs):
                return grad_outputs[0] * inputs[1],  # only the first input's gradient

        x = chainer.Variable(_x())
        y = Product()(x, _x())
        y.grad = numpy.ones(3, 'f')
        y.backward()
        numpy.testing.assert_array_equal(x.grad, _x())


class TestCreatorOfOldStyleOutputs:

    def test_creator_is_the_function(self):
        f = _Triple()
        y = f(chainer.Variable(_x()))
        assert y.creator is f
        assert isinstance(y.creator_node, chainer.FunctionAdapter)
        assert y.creator_node.function is f
        assert f.inputs is y.creator_node.inputs

    def test_creator_set_to_none_and_back(self):
        x = chainer.Variable(_x())
        f = _Triple()
        h = f(x)
        h.creator = None
        assert h.creator is None and h.creator_node is None
        h.creator = f
        assert h.creator is f and type(h.creator_node) is chainer.FunctionAdapter
        assert h.rank == 1

    def test_unchain(self):
        f = _Triple()
        h = f(chainer.Variable(_x()))
        f.unchain()
        assert f.inputs is None
        assert h.creator is None


class _Product(chainer.Function):
    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, w = inputs
        return x * w, x + w

    def backward(self, inputs, grad_outputs):
        x, w = inputs
        gy0, gy1 = grad_outputs
        gx = gw = 0
        if gy0 is not None:
            gx, gw = gy0 * w, gy0 * x
        if gy1 is not None:
            gx, gw = gx + gy1, gw + gy1
        return gx, gw


@pytest.mark.parametrize('with_none', [False, True])
@pytest.mark.parametrize('no_grads', [(False, False), (True, False)])
def test_fast_backward_of_the_adapter(with_none, no_grads):
    rng = numpy.random.RandomState(0)
    x, w, gy0, gy1 = (rng.uniform(-1, 1, 3).astype('f') for _ in range(4))
    check_fast_backward(chainer.FunctionAdapter, lambda x, w: _Product()(x, w), [x, w],
                        [gy0, None if with_none else gy1], no_grads=list(no_grads))


class TestDoubleBackpropThroughOldStyleFunction:
    # As v7: with double backprop an old-style function's gradients are leaves that require
    # grad, and backprop that reaches one raises (not a silently missing second order).
    message = 'cannot twice-differentiate an old style Function "_Triple"'

    def test_grad(self):
        x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
        gx, = chainer.grad([_Triple()(x)], [x], [numpy.ones(2, numpy.float32)],
                           enable_double_backprop=True)
        numpy.testing.assert_array_equal(gx.array, [3, 3])
        assert gx.requires_grad and gx.creator is None
        with pytest.raises(RuntimeError, match=self.message):
            chainer.grad([F.sum(gx * x)], [x])

    def test_backward(self):
        x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
        y = F.sum(_Triple()(x) * 2)
        y.backward(enable_double_backprop=True)
        numpy.testing.assert_array_equal(x.grad, [6, 6])
        with pytest.raises(RuntimeError, match=self.message):
            F.sum(x.grad_var * x).backward()

    def test_backward_or_grad_from_the_gradient_itself(self):
        # as v7: the gradient has no creator, but starting backprop from it raises too
        x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
        gx, = chainer.grad([_Triple()(x)], [x], [numpy.ones(2, numpy.float32)],
                           enable_double_backprop=True)
        with pytest.raises(RuntimeError, match=self.message):
            chainer.grad([gx], [x])
        with pytest.raises(RuntimeError, match=self.message):
            gx.backward()
        gx.grad = numpy.ones(2, numpy.float32)
        with pytest.raises(RuntimeError, match=self.message):
            gx.backward()

    def test_without_double_backprop_gradients_are_constants(self):
        x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
        gx, = chainer.grad([_Triple()(x)], [x], [numpy.ones(2, numpy.float32)])
        # as v7: no creator, but a gradient Variable requires grad like any other
        assert gx.creator is None
        assert gx.requires_grad

    def test_library_function(self):
        # e.g. F.roi_max_pooling_2d, an old-style function in v7 and here
        x = chainer.Variable(numpy.arange(25, dtype=numpy.float32).reshape(1, 1, 5, 5))
        rois = numpy.array([[0, 0, 3, 3]], numpy.float32)
        y = F.roi_max_pooling_2d(x, rois, numpy.array([0], numpy.int32), 2, 1.0)
        gx, = chainer.grad([F.sum(y * y)], [x], enable_double_backprop=True)
        with pytest.raises(RuntimeError, match='"ROIMaxPooling2D"'):
            chainer.grad([F.sum(gx)], [x])


def test_function_hook_reexported_as_v7():
    assert chainer.function.FunctionHook is chainer.FunctionHook


class _RecordingHook(chainer.FunctionHook):
    name = 'recording'

    def __init__(self):
        self.events = []

    def forward_preprocess(self, function, in_data):
        self.events.append(('forward', function.label))

    def backward_preprocess(self, function, in_data, out_grad):
        self.events.append(('backward', function.label))


class TestNodeOfOldStyleFunction:

    def test_local_hook_added_before_the_call_runs(self):
        # as v7: the call applies ``f.node``, so hooks registered on it take effect
        f = _Triple()
        hook = _RecordingHook()
        f.add_hook(hook)
        node = f.node
        y = f(chainer.Variable(_x()))
        assert y.creator_node is node
        F.sum(y).backward()
        assert hook.events == [('forward', '_Triple'), ('backward', '_Triple')]
        f.delete_hook('recording')
        with pytest.raises(KeyError, match='Hook recording does not exist'):
            f.delete_hook('recording')

    def test_second_call_keeps_the_first_graph(self):
        f = _Triple()
        x1 = chainer.Variable(_x())
        x2 = chainer.Variable(2 * _x())
        y1 = f(x1)
        y2 = f(x2)
        assert y1.creator is f and y2.creator is f
        assert y1.creator_node is not y2.creator_node
        assert f.node is y2.creator_node
        F.sum(y1).backward()
        numpy.testing.assert_allclose(x1.grad, numpy.full(3, 3, 'f'))
        assert x2.grad is None

    def test_function_does_not_keep_the_graph_alive(self):
        # as v7, the function holds the node of its call weakly: once the graph is dropped,
        # its arrays are freed and ``node`` is a fresh one
        f = _Triple()
        array = _x()
        array_ref = weakref.ref(array)
        y = f(chainer.Variable(array))
        assert y.creator_node is f.node and f.inputs[0].data is array
        node_ref = weakref.ref(f.node)
        del array, y
        gc.collect()
        assert array_ref() is None and node_ref() is None
        assert f.inputs is None
