import io
import time

import numpy
import pytest

import chainer
from chainer import link_hooks


class Sleep(chainer.Link):
    def __init__(self, seconds, child=None):
        super().__init__()
        self.seconds = seconds
        self.child = child

    def forward(self, x):
        time.sleep(self.seconds)
        if self.child is not None:
            x = self.child(x)
        return x


class Other(Sleep):
    pass


def test_local_hook_records_calls():
    link = Sleep(0.01)
    hook = link_hooks.TimerHook()
    assert hook.name == 'TimerHook'
    link.add_hook(hook)
    for _ in range(3):
        link(numpy.zeros(1))
    assert len(hook.call_history) == 3
    assert all(entry[0] == 'Sleep' for entry in hook.call_history)  # class names, as v7
    assert all(entry[1] >= 0.009 for entry in hook.call_history)
    total = sum(entry[1] for entry in hook.call_history)
    assert hook.total_time() == pytest.approx(total)
    summary = hook.summary()
    assert list(summary) == ['Sleep']
    assert summary['Sleep']['occurrence'] == 3
    assert summary['Sleep']['elapsed_time'] == pytest.approx(total)


def test_global_hook_nested_total_counts_outermost_only():
    inner = Other(0.005)
    outer = Sleep(0.005, child=inner)
    hook = link_hooks.TimerHook()
    with hook:
        outer(numpy.zeros(1))
    assert [name for name, _ in hook.call_history] == ['Other', 'Sleep']
    inner_t, outer_t = hook.call_history[0][1], hook.call_history[1][1]
    assert outer_t >= inner_t + 0.004
    assert hook.total_time() == pytest.approx(outer_t)
    # outside the with-block nothing is recorded
    outer(numpy.zeros(1))
    assert len(hook.call_history) == 2


def test_print_report():
    hook = link_hooks.TimerHook()
    link, other = Sleep(0.002), Other(0.001)
    with hook:
        link(0)
        link(0)
        other(0)
    f = io.StringIO()
    hook.print_report(file=f)
    lines = f.getvalue().splitlines()
    assert len(lines) == 3
    assert lines[0].split() == ['LinkName', 'ElapsedTime', 'Occurrence']
    assert lines[1].split()[0] == 'Sleep' and lines[1].split()[2] == '2'
    assert lines[2].split()[0] == 'Other' and lines[2].split()[2] == '1'
    assert lines[1].split()[1].endswith('ms')
    # all columns are right-aligned to the same widths
    assert len({len(line) for line in lines}) == 1

    f = io.StringIO()
    hook.print_report(unit='us', file=f)
    assert f.getvalue().splitlines()[1].split()[1].endswith('us')
    f = io.StringIO()
    hook.print_report(unit='auto_foreach', file=f)
    assert f.getvalue().splitlines()[2].split()[1].endswith('ms')
    with pytest.raises(KeyError):  # as v7
        hook.print_report(unit='minutes', file=io.StringIO())
    assert hook.table == {'sec': 1, 'ms': 10 ** 3, 'us': 10 ** 6, 'ns': 10 ** 9}


def test_choose_unit():
    hook = link_hooks.TimerHook()
    assert hook._choose_unit(2.0) == (1, 'sec')
    assert hook._choose_unit(0.002) == (1000.0, 'ms')
    assert hook._choose_unit(2e-6) == (1e6, 'us')
    assert hook._choose_unit(2e-9) == (1e9, 'ns')
