import threading

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hook
from chainer import function_hooks


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


def _hooked_names(run):
    with function_hooks.TimerHook() as timer:
        run()
    return [name for name, _ in timer.call_history]


def test_backward_sums_gradients_with_nodes_the_hooks_see():
    # as v7: a gradient received twice is summed by Add inside the step (before the
    # step's backward_postprocess); summed into a leaf's own gradient by Variable.backward
    # (MultiAdd for three terms); not by chainer.grad, which starts from nothing
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(2, 3))

    def backward():
        F.sum(x * x).backward()

    assert _hooked_names(backward) == [
        'Mul', 'Sum', 'BroadcastTo', 'Sum', 'Mul', 'Mul', 'Add', 'Mul']
    numpy.testing.assert_array_equal(x.grad, 2 * x.array)
    assert _hooked_names(backward) == [
        'Mul', 'Sum', 'BroadcastTo', 'Sum', 'Mul', 'Mul', 'MultiAdd', 'Mul']
    numpy.testing.assert_array_equal(x.grad, 4 * x.array)

    def grad():
        gx, = chainer.grad([F.sum(x * x)], [x])
        numpy.testing.assert_array_equal(gx.array, 2 * x.array)

    assert _hooked_names(grad) == [
        'Mul', 'Sum', 'BroadcastTo', 'Sum', 'Mul', 'Mul', 'Add', 'Mul']
    numpy.testing.assert_array_equal(x.grad, 4 * x.array)  # untouched by chainer.grad


def test_backward_sums_into_parameters_with_add():
    # the parameters' gradients (NaN-initialized) are summed with Add, as v7 shows them
    lin = chainer.Link()
    with lin.init_scope():
        lin.W = chainer.Parameter(numpy.ones((2, 3), numpy.float32))
    x = numpy.ones((4, 3), numpy.float32)
    t = numpy.zeros(4, numpy.int32)
    lin.W.grad = numpy.zeros((2, 3), numpy.float32)

    def backward():
        F.softmax_cross_entropy(F.relu(F.linear(x, lin.W)), t).backward()

    assert _hooked_names(backward) == [
        'LinearFunction', 'ReLU', 'SoftmaxCrossEntropy',
        '_SoftmaxCrossEntropyGrad_NoDoubleBackprop', 'SoftmaxCrossEntropy', 'ReLUGrad2',
        'ReLU', 'LinearGradWeight', 'Add', 'LinearFunction']
    expected = lin.W.grad.copy()
    lin.W.cleargrad()
    backward()  # without hooks: the same gradient
    numpy.testing.assert_allclose(lin.W.grad, expected)


def test_mean_and_full_sum_backward_nodes():
    # v7's backward formulas: a full sum broadcasts its 0-dim gradient; a mean scales the
    # output gradient first
    x = chainer.Variable(numpy.ones((4, 3), numpy.float32))
    assert _hooked_names(lambda: F.sum(x).backward()) == ['Sum', 'BroadcastTo', 'Sum']
    numpy.testing.assert_array_equal(x.grad, numpy.ones((4, 3)))

    def mean_grad():
        gy = chainer.Variable(numpy.full(4, 3, numpy.float32))
        gx, = chainer.grad([F.mean(x, axis=1)], [x], [gy])
        numpy.testing.assert_array_equal(gx.array, numpy.ones((4, 3)))

    assert _hooked_names(mean_grad) == [
        'Mean', 'MulConstant', 'Reshape', 'BroadcastTo', 'Mean']
