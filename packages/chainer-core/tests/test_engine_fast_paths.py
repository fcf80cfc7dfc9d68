"""The engine's shortcuts must be invisible: same graph, same errors, same gradients.

Covers the straight-line ``_BinaryOp._apply_pair`` used by the arithmetic operators, the
gradient input indexes recorded at ``apply`` time, the slotted ``VariableNode``, the config
lookups without a ``__getattr__`` hook, and the leaf gradients handed out by the raw walk.
"""
import pickle

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hooks
from chainer.functions.math import basic_math
from chainer.utils import type_check

_BINARY_NODES = [basic_math.Add, basic_math.Sub, basic_math.Mul, basic_math.Div,
                 basic_math.PowVarVar]


def _operands(requires_grad0, requires_grad1, shape=(3,), dtype=numpy.float32):
    rng = numpy.random.RandomState(0)
    x0 = chainer.Variable(rng.uniform(0.5, 2, shape).astype(dtype),
                          requires_grad=requires_grad0)
    x1 = chainer.Variable(rng.uniform(0.5, 2, shape).astype(dtype),
                          requires_grad=requires_grad1)
    return x0, x1


def _graph_summary(y):
    func = y.creator_node
    if func is None:
        return None
    retained = func._retained_output_data
    return {
        'class': type(func),
        'rank': func.rank,
        'y_rank': y.node.rank,
        'inputs': tuple(id(n) for n in func.inputs),
        'grad_input_indexes': func._grad_input_indexes,
        'retained_input_data': tuple(id(n.data) if n.data is not None else None
                                     for n in func.inputs),
        'retained_outputs': None if retained is None else len(retained),
        'outputs_alive': tuple(ref() is y.node for ref in func.outputs),
    }


@pytest.mark.parametrize('node_class', _BINARY_NODES)
@pytest.mark.parametrize('requires_grad', [(True, True), (True, False), (False, True),
                                           (False, False)])
@pytest.mark.parametrize('backprop', [True, False])
def test_apply_pair_builds_the_graph_apply_builds(node_class, requires_grad, backprop):
    results = []
    for run in ('pair', 'apply'):
        x0, x1 = _operands(*requires_grad)
        # give the inputs distinct ranks, as inside a real graph
        x0 = x0 * chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False) \
            if requires_grad[0] else x0
        with chainer.using_config('enable_backprop', backprop):
            if run == 'pair':
                y = node_class()._apply_pair(x0, x1)
            else:
                y, = node_class().apply((x0, x1))
        summary = _graph_summary(y)
        if summary is not None:
            # node identities differ between runs: compare positions instead
            nodes = (x0.node, x1.node)
            summary['inputs'] = tuple(
                [i for i, n in enumerate(nodes) if id(n) == node_id][0]
                for node_id in summary['inputs'])
            data = (x0.array, x1.array)
            summary['retained_input_data'] = tuple(
                None if d is None else [i for i, a in enumerate(data) if id(a) == d][0]
                for d in summary['retained_input_data'])
        results.append((y.array, y.requires_grad, summary))
    (y_pair, rg_pair, g_pair), (y_apply, rg_apply, g_apply) = results
    numpy.testing.assert_array_equal(y_pair, y_apply)
    assert rg_pair == rg_apply
    assert g_pair == g_apply
    if backprop and any(requires_grad):
        assert g_pair is not None


@pytest.mark.parametrize('op', ['+', '-', '*', '/', '**'])
def test_operator_gradients_match_between_requires_grad_patterns(op):
    fn = {'+': lambda a, b: a + b, '-': lambda a, b: a - b, '*': lambda a, b: a * b,
          '/': lambda a, b: a / b, '**': lambda a, b: a ** b}[op]
    x0, x1 = _operands(True, False)
    y = fn(x0, x1)
    F.sum(y).backward()
    assert x1.grad is None
    full0, full1 = _operands(True, True)
    F.sum(fn(full0, full1)).backward()
    numpy.testing.assert_allclose(x0.grad, full0.grad, rtol=1e-6)


def test_apply_pair_defers_to_apply_under_a_function_hook():
    x0, x1 = _operands(True, True)
    hook = function_hooks.TimerHook()
    with hook:
        x0 * x1
        x0 + x1
    assert [name for name, _ in hook.call_history] == ['Mul', 'Add']


def test_apply_pair_detects_nan_in_debug_mode():
    x0 = chainer.Variable(numpy.array([0.], numpy.float32))
    x1 = chainer.Variable(numpy.array([0.], numpy.float32))
    with chainer.using_config('debug', True), numpy.errstate(invalid='ignore'):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation'):
            x0 / x1


def test_apply_pair_reports_dtype_mismatch_like_v7():
    x0, _ = _operands(True, True)
    x1 = chainer.Variable(numpy.ones(3, numpy.float64))
    with pytest.raises(type_check.InvalidType) as info:
        x0 * x1
    message = str(info.value)
    assert 'Invalid operation is performed in: _ * _ (Forward)' in message
    assert 'Expect: lhs.dtype == rhs.dtype' in message


def test_apply_pair_skips_the_check_when_type_check_is_off():
    x0, _ = _operands(True, True)
    x1 = chainer.Variable(numpy.ones(3, numpy.float64))
    with chainer.using_config('type_check', False):
        y = x0 * x1
    assert y.dtype == numpy.float64


def test_apply_pair_broadcasts_through_apply():
    x0 = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    x1 = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    y = x0 * x1
    F.sum(y).backward()
    numpy.testing.assert_array_equal(x1.grad, numpy.full(3, 2, numpy.float32))
    numpy.testing.assert_array_equal(x0.grad, numpy.tile(numpy.arange(3), (2, 1)))


def test_add_with_an_array_on_the_left_is_not_paired():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    y = F.add(numpy.full(3, 2, numpy.float32), x)
    numpy.testing.assert_array_equal(y.array, numpy.full(3, 3, numpy.float32))


def test_grad_input_indexes_follow_the_inputs_at_apply_time():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    c = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
    y, = F.math.basic_math.MultiAdd().apply((c, x, c))
    assert y.creator_node._grad_input_indexes == (1,)
    z, = F.math.basic_math.MultiAdd().apply((x, x, x))
    assert z.creator_node._grad_input_indexes == (0, 1, 2)


def test_raw_array_inputs_get_nodes_when_the_graph_is_built():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    raw = numpy.full(3, 2, numpy.float32)
    y, = basic_math.Mul().apply((raw, x))
    func = y.creator_node
    assert func._grad_input_indexes == (1,)
    assert func.inputs[0].data is raw  # retained for backward
    F.sum(y).backward()
    numpy.testing.assert_array_equal(x.grad, raw)


def test_leaf_gradient_from_a_broadcast_view_is_a_writeable_copy():
    x = chainer.Parameter(numpy.ones(3, numpy.float32))
    F.sum(x).backward()  # the gradient is a broadcast (read-only) view of a scalar
    assert x.grad.flags.writeable
    x.grad += 1
    numpy.testing.assert_array_equal(x.grad, numpy.full(3, 2, numpy.float32))


def test_variable_node_is_slotted_but_extensible_and_picklable():
    x = chainer.Variable(numpy.ones(3, numpy.float32), name='x')
    node = x.node
    assert not hasattr(type(node), 'creator_node') or \
        type(type(node).__dict__['creator_node']).__name__ == 'member_descriptor'
    node.note = 'user attribute'
    assert node.note == 'user attribute'
    clone = pickle.loads(pickle.dumps(x))
    assert clone.name == 'x'
    numpy.testing.assert_array_equal(clone.array, x.array)


def test_missing_config_entry_raises_attribute_error():
    with pytest.raises(AttributeError):
        chainer.config.no_such_entry
    with pytest.raises(AttributeError):
        chainer.global_config.no_such_entry
    with chainer.using_config('no_such_entry', 3):
        assert chainer.config.no_such_entry == 3
    assert not hasattr(chainer.config, 'no_such_entry')


class _Double(chainer.FunctionNode):
    """y = 2x, with a configurable (possibly wrong) fast backward."""

    fast_factor = 2

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 2,

    def _backward_arrays(self, indexes, grad_outputs):
        if self.fast_factor is None:
            return ()
        return grad_outputs[0] * self.fast_factor,


def _double(x):
    return _Double().apply((x,))[0]


def test_fast_backward_checker_accepts_a_matching_fast_path():
    from chainer.testing._fast_backward import check_fast_backward
    x = numpy.arange(3, dtype=numpy.float32)
    check_fast_backward(_Double, _double, [x], [numpy.ones(3, numpy.float32)])
    assert _Double.__dict__['_backward_arrays'] is not None  # restored after the spy


@pytest.mark.parametrize('factor', [3, None])
def test_fast_backward_checker_rejects_a_wrong_fast_path(factor, monkeypatch):
    from chainer.testing._fast_backward import check_fast_backward
    monkeypatch.setattr(_Double, 'fast_factor', factor)
    x = numpy.arange(3, dtype=numpy.float32)
    with pytest.raises(AssertionError):
        check_fast_backward(_Double, _double, [x], [numpy.ones(3, numpy.float32)])
