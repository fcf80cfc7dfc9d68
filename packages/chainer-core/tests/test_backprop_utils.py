"""chainer._backprop_utils: GradTable and backprop_step (v7's step-wise backward)."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import _backprop_utils
from chainer import function_node
from chainer import testing


class _Mul2(function_node.FunctionNode):
    def forward(self, inputs):
        x, y = inputs
        return x * y,

    def backward(self, indexes, grad_outputs):
        gz, = grad_outputs
        x, y = self.inputs
        out = []
        for i in indexes:
            other = (y if i == 0 else x).get_variable()
            out.append(gz * other)
        return tuple(out)


def _graph():
    x = chainer.Variable(numpy.array([1., 2.]))
    y = chainer.Variable(numpy.array([3., 4.]))
    z, = _Mul2().apply((x, y))
    return x, y, z


def test_backprop_step_appends_and_sums():
    x, y, z = _graph()
    func = z.creator_node
    gz = chainer.Variable(numpy.array([1., 1.]))
    previous = chainer.Variable(numpy.array([10., 10.]))
    grad_inputs = {x.node: [previous], y.node: []}
    _backprop_utils.backprop_step(func, (0, 1), (gz,), grad_inputs, False)
    assert len(grad_inputs[x.node]) == 1  # summed eagerly
    testing.assert_allclose(grad_inputs[x.node][0].array, [13., 14.])
    testing.assert_allclose(grad_inputs[y.node][0].array, [1., 2.])


def test_backprop_step_lazy_sum():
    x, y, z = _graph()
    previous = chainer.Variable(numpy.array([10., 10.]))
    grad_inputs = {x.node: [previous]}
    z.creator_node.lazy_grad_sum = True
    _backprop_utils.backprop_step(
        z.creator_node, (0,), (chainer.Variable(numpy.ones(2)),), grad_inputs, False)
    assert len(grad_inputs[x.node]) == 2


def test_backprop_step_with_all_input_gradients():
    x, y, z = _graph()

    class AllGrads(_Mul2):
        def backward(self, indexes, grad_outputs):
            return super().backward((0, 1), grad_outputs)

    w, = AllGrads().apply((x, y))
    grad_inputs = {y.node: []}
    _backprop_utils.backprop_step(
        w.creator_node, (1,), (chainer.Variable(numpy.ones(2)),), grad_inputs, False)
    testing.assert_allclose(grad_inputs[y.node][0].array, [1., 2.])


def test_backprop_step_uses_overridden_backward_accumulate():
    x, y, _ = _graph()

    class Accumulating(_Mul2):
        def backward_accumulate(self, indexes, grad_outputs, grad_inputs):
            self.received = grad_inputs
            return tuple(chainer.Variable(numpy.full(2, 7.)) for _ in indexes)

    node = Accumulating()
    z, = node.apply((x, y))
    previous = chainer.Variable(numpy.ones(2))
    grad_inputs = {x.node: [previous]}
    _backprop_utils.backprop_step(
        node, (0,), (chainer.Variable(numpy.ones(2)),), grad_inputs, False)
    assert node.received == (previous,)
    testing.assert_allclose(grad_inputs[x.node][0].array, [7., 7.])


def test_backprop_step_wrong_number_of_gradients():
    x, y, z = _graph()

    class Wrong(_Mul2):
        def backward(self, indexes, grad_outputs):
            return ()

    w, = Wrong().apply((x, y))
    with pytest.raises(ValueError, match='number of gradients'):
        _backprop_utils.backprop_step(
            w.creator_node, (0,), (chainer.Variable(numpy.ones(2)),), {x.node: []}, False)


def test_backprop_step_debug_checks():
    x, y, z = _graph()
    func = z.creator_node
    with pytest.raises(AssertionError):
        _backprop_utils.backprop_step(
            func, (1, 0), (chainer.Variable(numpy.ones(2)),), {}, True)
    nan = chainer.Variable(numpy.array([numpy.nan, 1.]))
    with pytest.raises(RuntimeError, match='NaN'):
        _backprop_utils.backprop_step(func, (0,), (nan,), {x.node: []}, True)

    class WrongShape(_Mul2):
        def backward(self, indexes, grad_outputs):
            return tuple(chainer.Variable(numpy.ones(3)) for _ in indexes)

    w, = WrongShape().apply((x, y))
    with pytest.raises(ValueError, match='shape'):
        _backprop_utils.backprop_step(
            w.creator_node, (0,), (chainer.Variable(numpy.ones(2)),), {x.node: []}, True)


def test_grad_table():
    x, y, z = _graph()
    table = _backprop_utils.GradTable()
    assert table.pop(x.node) is None
    assert table.pop(None) is None
    g1 = chainer.Variable(numpy.ones(2))
    table[x.node] = g1
    table.accumulate(x.node, chainer.Variable(numpy.full(2, 2.)))
    assert len(table.get_as_list(x.node)) == 2
    testing.assert_allclose(table.pop(x.node).array, [3., 3.])
    table[y.node] = None
    assert table.get_as_list(y.node) == []
    table.assert_no_grads()
    with pytest.raises(AssertionError):
        table[None] = g1


def test_grad_table_accumulates_into_leaf_grads():
    x, y, z = _graph()
    x.grad = numpy.array([5., 5.])
    table = _backprop_utils.GradTable(accumulate_grad_inputs=True)
    table.accumulate(x.node, chainer.Variable(numpy.ones(2)))
    testing.assert_allclose(table.pop(x.node).array, [6., 6.])
    assert table.pop(y.node) is y.node.grad_var  # no entry: the current gradient
    assert len(table.get_as_list(z.node)) == 0  # not a leaf: starts empty


def test_backward_through_steps_matches_variable_backward():
    xs = chainer.Variable(numpy.array([0.5, -1.5]))
    h = F.exp(xs)
    loss = F.sum(h * xs)
    table = _backprop_utils.GradTable()
    table[loss.node] = chainer.Variable(numpy.array(1.))
    funcs = sorted({loss.creator_node}, key=lambda f: -f.rank)
    seen = set(funcs)
    while funcs:
        func = funcs.pop(0)
        outputs = tuple(table.pop(o()) for o in func.outputs)
        indexes = tuple(i for i, n in enumerate(func.inputs) if n.requires_grad)
        grad_inputs = {func.inputs[i]: table.get_as_list(func.inputs[i]) for i in indexes}
        _backprop_utils.backprop_step(func, indexes, outputs, grad_inputs, True)
        for i in indexes:
            creator = func.inputs[i].creator_node
            if creator is not None and creator not in seen:
                seen.add(creator)
                funcs.append(creator)
        funcs.sort(key=lambda f: -f.rank)
    expected = numpy.exp(xs.array) * (xs.array + 1)
    testing.assert_allclose(table.pop(xs.node).array, expected)


# --- backward_step: the one step every backward walk runs --------------------------------


def _exp_node():
    x = chainer.Variable(numpy.array([0.5, 1.]))
    y = F.exp(x)
    return x, y, y.creator_node


@pytest.mark.parametrize('raw', [True, False])
def test_backward_step_returns_gradients_of_the_kind_it_gets(raw):
    x, y, func = _exp_node()
    gy = numpy.array([1., 2.])
    gys = (gy,) if raw else (chainer.Variable(gy),)
    gx, = _backprop_utils.backward_step(func, (0,), gys, raw, None)
    if raw:
        assert type(gx) is numpy.ndarray
    else:
        assert isinstance(gx, chainer.Variable)
        gx = gx.array
    testing.assert_allclose(gx, numpy.exp([0.5, 1.]) * [1., 2.])


def test_backward_step_runs_hooks_around_the_differentiable_backward():
    x, y, func = _exp_node()
    events = []

    class Recorder(chainer.FunctionHook):
        def backward_preprocess(self, function, in_data, out_grad):
            events.append(('pre', function.label, out_grad[0].tolist()))

        def backward_postprocess(self, function, in_data, out_grad):
            events.append(('post', function.label))

    gx, = _backprop_utils.backward_step(
        func, (0,), (numpy.ones(2),), True, {'recorder': Recorder()})
    assert type(gx) is numpy.ndarray
    assert events == [('pre', 'exp', [1., 1.]), ('post', 'exp')]


def test_backward_step_passes_the_stored_gradients_to_backward_accumulate():
    x = chainer.Variable(numpy.array([1., 2.]))
    received = []

    class Accumulating(function_node.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward_accumulate(self, indexes, grad_outputs, grad_inputs):
            received.append(grad_inputs)
            return grad_outputs[0] * 2 + grad_inputs[0],

    func = Accumulating().apply((x,))[0].creator_node
    gx, = _backprop_utils.backward_step(
        func, (0,), (numpy.ones(2),), True, None, (numpy.full(2, 10.),))
    testing.assert_allclose(gx, [12., 12.])
    assert isinstance(received[0][0], chainer.Variable)


def test_backward_step_checks_fast_path_gradients_in_debug_mode():
    x, y, func = _exp_node()
    with pytest.raises(RuntimeError, match='NaN is detected on backward computation of exp'):
        _backprop_utils.backward_step(
            func, (0,), (numpy.array([numpy.nan, 1.]),), True, None, None, True)
