import threading

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hook


class RecordingHook(function_hook.FunctionHook):
    name = 'RecordingHook'

    def __init__(self):
        self.events = []

    def added(self, function):
        self.events.append(('added', function))

    def deleted(self, function):
        self.events.append(('deleted', function))

    def forward_preprocess(self, function, in_data):
        self.events.append(('forward_preprocess', function.label, len(in_data)))

    def forward_postprocess(self, function, in_data):
        self.events.append(('forward_postprocess', function.label, len(in_data)))

    def backward_preprocess(self, function, in_data, out_grad):
        self.events.append(('backward_preprocess', function.label, len(out_grad)))

    def backward_postprocess(self, function, in_data, out_grad):
        self.events.append(('backward_postprocess', function.label, len(out_grad)))


def _x():
    return chainer.Variable(numpy.arange(3, dtype=numpy.float32))


def test_exports():
    assert chainer.FunctionHook is function_hook.FunctionHook
    assert function_hook.FunctionHook.name == 'FunctionHook'


def test_base_callbacks_do_nothing():
    hook = function_hook.FunctionHook()
    with hook:
        y = F.sum(_x() * 2)
        y.backward()


def test_global_registration():
    hook = RecordingHook()
    assert 'RecordingHook' not in chainer.get_function_hooks()
    with hook as entered:
        assert entered is hook
        assert chainer.get_function_hooks()['RecordingHook'] is hook
    assert 'RecordingHook' not in chainer.get_function_hooks()
    assert hook.events == [('added', None), ('deleted', None)]


def test_duplicate_name_raises():
    with RecordingHook():
        with pytest.raises(KeyError, match='RecordingHook already exists'):
            with RecordingHook():
                pass


def test_callbacks_forward_and_backward():
    hook = RecordingHook()
    x = _x()
    with hook:
        h = x * x
        y = F.sum(h)
        y.backward()
    events = [e for e in hook.events if e[0] not in ('added', 'deleted')]
    mul_label, sum_label = h.creator.label, y.creator.label
    assert events[:4] == [
        ('forward_preprocess', mul_label, 2),
        ('forward_postprocess', mul_label, 2),
        ('forward_preprocess', sum_label, 1),
        ('forward_postprocess', sum_label, 1),
    ]
    # the functions called inside backward computations are hooked as well (forward events)
    backward_events = [e for e in events if e[0].startswith('backward')]
    assert backward_events == [
        ('backward_preprocess', sum_label, 1),
        ('backward_postprocess', sum_label, 1),
        ('backward_preprocess', mul_label, 1),
        ('backward_postprocess', mul_label, 1),
    ]
    # not called anymore once the with block is left
    n = len(hook.events)
    F.sum(x)
    assert len(hook.events) == n


def test_local_hook():
    hook = RecordingHook()
    node = F.math.sum.Sum() if hasattr(F.math.sum, 'Sum') else None
    assert node is not None
    node.add_hook(hook)
    assert hook.events == [('added', node)]
    assert node.local_function_hooks['RecordingHook'] is hook
    x = _x()
    h = x * 3
    y, = node.apply((h,))
    y.backward()
    labels = {e[1] for e in hook.events[1:]}
    assert labels == {node.label}
    node.delete_hook('RecordingHook')
    assert hook.events[-1] == ('deleted', node)


def test_hooks_are_thread_local():
    hook = RecordingHook()
    seen = []

    def target():
        seen.append(dict(chainer.get_function_hooks()))
        F.sum(_x())

    with hook:
        t = threading.Thread(target=target)
        t.start()
        t.join()
    assert seen == [{}]
    assert hook.events == [('added', None), ('deleted', None)]


def test_old_style_function():
    class Double(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, inputs, grads):
            return grads[0] * 2,

    hook = RecordingHook()
    with hook:
        y = Double()(_x())
        F.sum(y).backward()
    labels = [e[1] for e in hook.events if e[0] == 'forward_preprocess']
    assert labels[0] == 'Double'
    assert function_hook._impl_name(y.creator_node) == 'Double'
