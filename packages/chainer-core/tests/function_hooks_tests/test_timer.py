import io

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hooks


def _run(n, backward=True):
    x = chainer.Variable(numpy.arange(4, dtype=numpy.float32))
    for _ in range(n):
        y = F.sum(x * x)
        if backward:
            y.backward()
    return y


def test_timer_counts_calls():
    hook = function_hooks.TimerHook()
    assert hook.name == 'TimerHook'
    with hook:
        y = _run(3, backward=False)
    mul_name = type(y.creator.inputs[0].creator).__name__
    sum_name = type(y.creator).__name__
    names = [name for name, _ in hook.call_history]
    assert names == [mul_name, sum_name] * 3
    assert all(t >= 0 for _, t in hook.call_history)
    summary = hook.summary()
    assert type(summary) is dict  # as v7 (the link hook's is an OrderedDict)
    assert list(summary) == [mul_name, sum_name]
    assert summary[mul_name]['occurrence'] == 3
    assert summary[sum_name]['occurrence'] == 3
    total = sum(t for _, t in hook.call_history)
    assert hook.total_time() == pytest.approx(total)
    assert hook.total_time() > 0


def test_timer_backward():
    hook = function_hooks.TimerHook()
    x = chainer.Variable(numpy.arange(4, dtype=numpy.float32))
    y = F.sum(x * x)
    with hook:
        y.backward()
    names = [name for name, _ in hook.call_history]
    # the functions called inside the backward computations are timed too (nested)
    # the last entry is the backward of the multiplication (first function of the graph)
    assert names[-1] == type(y.creator.inputs[0].creator).__name__
    assert type(y.creator).__name__ in names
    assert hook._depth == 0
    assert 0 < hook.total_time() <= sum(t for _, t in hook.call_history) + 1e-12


def test_timer_nested_calls_counted_once():
    # backward of Mul with enable_double_backprop calls functions inside it
    hook = function_hooks.TimerHook()
    x = chainer.Variable(numpy.arange(4, dtype=numpy.float32))
    with hook:
        y = F.sum(x * x)
        y.backward(enable_double_backprop=True)
    top_level = hook.total_time()
    assert top_level <= sum(t for _, t in hook.call_history) + 1e-12
    assert len(hook.call_history) > 4
    assert hook._depth == 0


def test_print_report():
    hook = function_hooks.TimerHook()
    with hook:
        _run(2)
    out = io.StringIO()
    hook.print_report(file=out)
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ['FunctionName', 'ElapsedTime', 'Occurrence']
    assert len(lines) == 1 + len(hook.summary())
    assert len({len(line) for line in lines}) == 1  # right-aligned columns
    for line, (name, record) in zip(lines[1:], hook.summary().items()):
        printed_name, elapsed, occurrence = line.split()
        assert printed_name == name
        assert occurrence == str(record['occurrence'])
        assert elapsed.endswith(('sec', 'ms', 'us', 'ns'))

    out = io.StringIO()
    hook.print_report(unit='ns', file=out)
    assert all(line.split()[1].endswith('ns') for line in out.getvalue().splitlines()[1:])
    out = io.StringIO()
    hook.print_report(unit='auto_foreach', file=out)
    assert len(out.getvalue().splitlines()) == len(lines)


def test_choose_unit():
    hook = function_hooks.TimerHook()
    assert hook._choose_unit(2.0) == (1, 'sec')
    assert hook._choose_unit(2e-3) == (1000.0, 'ms')
    assert hook._choose_unit(2e-6) == (1e6, 'us')
    assert hook._choose_unit(2e-9) == (1e9, 'ns')


def test_timer_as_local_hook():
    hook = function_hooks.TimerHook()
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    node = chainer.functions.math.sum.Sum()
    node.add_hook(hook)
    node.apply((x,))
    assert [name for name, _ in hook.call_history] == ['Sum']


def test_old_style_function_name():
    class Twice(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

    hook = function_hooks.TimerHook()
    with hook:
        Twice()(numpy.ones(2, numpy.float32))
    assert [name for name, _ in hook.call_history] == ['Twice']
    assert chainer.function.FunctionAdapter(Twice())._impl_name == 'Twice'


def test_reentrant_calls_keyed_by_impl_name():
    # v7's test idiom: hook callbacks called by hand, history keyed by ``node._impl_name``
    hook = function_hooks.TimerHook()
    outer = F.math.exponential.Exp()
    inner = F.math.identity.Identity()
    x = numpy.ones(2, numpy.float32)
    assert (outer._impl_name, inner._impl_name) == ('Exp', 'Identity')
    hook.backward_preprocess(outer, (x,), (x,))
    hook.forward_preprocess(inner, (x,))
    hook.forward_postprocess(inner, (x,))
    hook.backward_postprocess(outer, (x,), (x,))
    history = dict(hook.call_history)
    assert sorted(history) == ['Exp', 'Identity']
    assert history['Exp'] >= history['Identity']
    assert hook.total_time() == history['Exp']
