"""chainer.static_graph: a static chain computes what the undecorated chain computes."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_node
from chainer import initializers
from chainer.graph_optimizations import static_graph as static_graph_module
from chainer.utils import type_check


class _Counted(function_node.FunctionNode):
    """Identity that counts its type checks."""

    checks = 0

    def check_type_forward(self, in_types):
        type(self).checks += 1
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        return inputs[0].copy(),

    def backward(self, indexes, grad_outputs):
        return grad_outputs


class _MLP(chainer.Chain):

    def __init__(self, seed=0):
        super().__init__()
        rng = numpy.random.RandomState(seed)
        with self.init_scope():
            self.W1 = chainer.Parameter(initializers.Normal(), (5, 4))
            self.b1 = chainer.Parameter(0.1, (5,))
            self.W2 = chainer.Parameter(initializers.Normal(), (3, 5))
        self.W1.array[...] = rng.uniform(-1, 1, (5, 4))
        self.W2.array[...] = rng.uniform(-1, 1, (3, 5))
        self.side_effects = []

    def compute(self, x):
        h = F.relu(F.linear(x, self.W1, self.b1))
        h = _Counted().apply((h,))[0]
        if chainer.config.train:
            h = h * 2
        return F.tanh(F.linear(h, self.W2))


class _StaticMLP(_MLP):

    @chainer.static_graph
    def forward(self, x):
        self.record(x.shape[0])
        return self.compute(x)

    @chainer.static_code
    def record(self, n):
        self.side_effects.append(n)


class _PlainMLP(_MLP):

    def forward(self, x):
        return self.compute(x)


def _step(model, x):
    model.cleargrads()
    y = model(x)
    F.sum(y * y).backward()
    return y.array, [p.grad.copy() for _, p in sorted(model.namedparams())]


@pytest.mark.parametrize('train', [True, False])
def test_same_results_and_gradients(train):
    static, plain = _StaticMLP(), _PlainMLP()
    with chainer.using_config('train', train):
        for i in range(4):
            x = numpy.random.uniform(-1, 1, (2, 4)).astype(numpy.float32)
            y_static, g_static = _step(static, x)
            y_plain, g_plain = _step(plain, x)
            numpy.testing.assert_allclose(y_static, y_plain, rtol=1e-6)
            for a, b in zip(g_static, g_plain):
                numpy.testing.assert_allclose(a, b, rtol=1e-6)
            # the parameters change between iterations, the schedule does not
            for _, p in static.namedparams():
                p.array -= 0.1 * p.grad
            for _, p in plain.namedparams():
                p.array -= 0.1 * p.grad


def test_static_code_runs_every_iteration():
    model = _StaticMLP()
    for n in (2, 2, 3):
        model(numpy.zeros((n, 4), numpy.float32))
    assert model.side_effects == [2, 2, 3]


def test_type_checks_run_only_when_a_schedule_is_traced():
    model = _StaticMLP()
    _Counted.checks = 0
    for _ in range(3):
        model(numpy.zeros((2, 4), numpy.float32))
    assert _Counted.checks == 1
    model(numpy.zeros((3, 4), numpy.float32))  # new signature: traced again
    assert _Counted.checks == 2
    with chainer.using_config('train', False):  # new configuration: traced again
        model(numpy.zeros((3, 4), numpy.float32))
    assert _Counted.checks == 3
    with chainer.using_config('use_static_graph', False):
        model(numpy.zeros((3, 4), numpy.float32))
    assert _Counted.checks == 4


def test_schedule_manager():
    model = _StaticMLP()
    model(numpy.zeros((2, 4), numpy.float32))
    manager = model.schedule_manager
    assert isinstance(manager, static_graph_module.ScheduleManager)
    (signature, schedule), = manager.schedules.values()
    assert isinstance(schedule, static_graph_module.StaticScheduleFunction)
    assert schedule.traced and schedule.iterations == 1
    names = [info.func_name for info in schedule.schedule_info_list]
    assert names[0] == 'record' and 'LinearFunction' in names and 'ReLU' in names
    manager.end_forward()


def test_double_backprop():
    static, plain = _StaticMLP(), _PlainMLP()
    for model in (static, plain):
        model(numpy.zeros((2, 4), numpy.float32))  # traced
    x = numpy.random.uniform(-1, 1, (2, 4)).astype(numpy.float32)
    grads = []
    for model in (static, plain):
        xv = chainer.Variable(x)
        gx, = chainer.grad([F.sum(model(xv))], [xv], enable_double_backprop=True)
        gxx, = chainer.grad([F.sum(gx * gx)], [xv])
        grads.append((gx.array, gxx.array))
    numpy.testing.assert_allclose(grads[0][0], grads[1][0], rtol=1e-6)
    numpy.testing.assert_allclose(grads[0][1], grads[1][1], rtol=1e-6)


def test_decorator_arguments(capsys):
    class Verbose(_MLP):
        @chainer.static_graph(verbosity_level=2, minimize_cache_size=False)
        def forward(self, x):
            return self.compute(x)

    model = Verbose()
    model(numpy.zeros((2, 4), numpy.float32))
    model(numpy.zeros((3, 4), numpy.float32))
    model(numpy.zeros((2, 4), numpy.float32))  # kept: not traced again
    out = capsys.readouterr().out
    assert out.count('traced a schedule of Verbose') == 2 and 'LinearFunction' in out
    assert len(model.schedule_manager.schedules) == 2
    with pytest.raises(TypeError):
        chainer.static_graph(unknown_option=1)


def test_arguments_and_results_as_v7():
    # as v7: arrays come in as variables, lists as tuples; a returned list is a tuple
    seen = []

    class Chain(chainer.Chain):
        @chainer.static_graph
        def forward(self, x, ys):
            seen.append((type(x), type(ys), type(ys[0])))
            return [x * 2, ys[0] + 1]

    model = Chain()
    for _ in range(2):
        out = model(numpy.ones(2, numpy.float32), [numpy.ones(2, numpy.float32)])
        assert isinstance(out, tuple)
        numpy.testing.assert_array_equal(out[0].array, numpy.full(2, 2, numpy.float32))
        assert out[0].creator is not None
    assert seen == [(chainer.Variable, tuple, chainer.Variable)] * 2
    with chainer.using_config('use_static_graph', False):
        out = model(numpy.ones(2, numpy.float32), [numpy.ones(2, numpy.float32)])
    assert isinstance(out, list) and isinstance(out[0], numpy.ndarray)


@pytest.mark.parametrize('force', [False, True])
def test_force_test_define_by_run(force):
    class Chain(_MLP):
        @chainer.static_graph(force_test_define_by_run=force)
        def forward(self, x):
            return self.compute(x)

    model = Chain()
    with chainer.using_config('train', False):
        y = model(numpy.zeros((2, 4), numpy.float32))
        assert y.shape == (2, 3)
        assert bool(model.schedule_manager.schedules) is not force
    model(numpy.zeros((2, 4), numpy.float32))
    assert model.schedule_manager.schedules
