import weakref

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing


class Cube(chainer.FunctionNode):
    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        return inputs[0] ** 3,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        assert y.creator_node is self
        return grad_outputs[0] * 3 * x * x,


class TwoOutputs(chainer.FunctionNode):
    def forward(self, inputs):
        x, = inputs
        return x * 2, x * 3

    def backward(self, indexes, grad_outputs):
        g0, g1 = grad_outputs
        total = 0
        if g0 is not None:
            total = total + g0 * 2
        if g1 is not None:
            total = total + g1 * 3
        return total,


def _x():
    return numpy.array([1., 2., 3.], 'f')


def test_retained_inputs_and_outputs_survive_release():
    x = chainer.Variable(_x())
    y = Cube().apply((x,))[0]
    node = y.creator_node
    z = F.sum(y * 1)
    ref = weakref.ref(y)
    del y
    assert ref() is None  # the output Variable itself is freed
    z.backward()
    numpy.testing.assert_allclose(x.grad, 3 * _x() ** 2)
    assert node.output_data[0] is not None


def test_unused_output_gets_none_grad():
    x = chainer.Variable(_x())
    a, b = TwoOutputs().apply((x,))
    F.sum(a).backward()
    numpy.testing.assert_allclose(x.grad, [2, 2, 2])


def test_forward_must_return_tuple():
    class Bad(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0]
    with pytest.raises(TypeError):
        Bad().apply((_x(),))


def test_forward_dispatches_to_cpu():
    class CpuOnly(chainer.FunctionNode):
        def forward_cpu(self, inputs):
            return inputs[0] + 1,
    y = CpuOnly().apply((_x(),))[0]
    numpy.testing.assert_allclose(y.array, _x() + 1)


def test_graph_attributes():
    x = chainer.Variable(_x())
    y = x * 2
    z = y * 3
    f = z.creator_node
    assert f.inputs[0] is y.node
    assert f.outputs[0]() is z.node
    assert f.rank == 1 and z.rank == 2
    assert f.label == '_ * 3'
    assert isinstance(f.local_function_hooks, dict)
    f.unchain()
    assert f.inputs is None


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
    numpy.testing.assert_allclose(f.output_data[0], _x() ** 2)


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


class CountingHook(chainer.FunctionHook if hasattr(chainer, 'FunctionHook') else object):
    name = 'counting'

    def __init__(self):
        self.events = []

    def added(self, function=None):
        pass

    def deleted(self, function=None):
        pass

    def forward_preprocess(self, function, in_data):
        self.events.append(('fpre', function.label))

    def forward_postprocess(self, function, in_data):
        self.events.append(('fpost', function.label))

    def backward_preprocess(self, function, in_data, out_grad):
        self.events.append(('bpre', function.label))

    def backward_postprocess(self, function, in_data, out_grad):
        self.events.append(('bpost', function.label))


def test_local_hook():
    x = chainer.Variable(_x())
    hook = CountingHook()
    f = Cube()
    f.add_hook(hook)
    y = f.apply((x,))[0]
    F.sum(y).backward()
    assert ('fpre', 'Cube') in hook.events and ('bpost', 'Cube') in hook.events
    f.delete_hook('counting')
    assert 'counting' not in f.local_function_hooks
    with pytest.raises(KeyError):
        f.delete_hook('counting')


def test_global_hook_registry():
    hook = CountingHook()
    hooks = chainer.get_function_hooks()
    hooks['counting'] = hook
    try:
        x = chainer.Variable(_x())
        F.sum(x * 2).backward()
    finally:
        del hooks['counting']
    labels = [e for e in hook.events if e[0] == 'bpre']
    assert labels, hook.events
    numpy.testing.assert_allclose(x.grad, [2, 2, 2])


@testing.parameterize(*testing.product({'double': [False, True]}))
class TestFastPathMatchesDifferentiablePath:

    def test_same_gradients(self):
        rng = numpy.random.RandomState(0)
        a = rng.uniform(0.5, 1, (3, 4)).astype('f')
        b = rng.uniform(0.5, 1, (4,)).astype('f')
        xa, xb = chainer.Variable(a), chainer.Variable(b)
        y = F.sum(F.matmul(xa / xb - xb, xa.T) * 2 + (-xa)[0:2].T.reshape(-1)[0] ** 2)
        y.backward(enable_double_backprop=self.double)
        ga, gb = xa.grad.copy(), xb.grad.copy()
        xa.cleargrad()
        xb.cleargrad()
        with chainer.using_config('debug', True):
            y = F.sum(F.matmul(xa / xb - xb, xa.T) * 2 + (-xa)[0:2].T.reshape(-1)[0] ** 2)
            y.backward(enable_double_backprop=not self.double)
        numpy.testing.assert_allclose(xa.grad, ga, rtol=1e-5)
        numpy.testing.assert_allclose(xb.grad, gb, rtol=1e-5)
