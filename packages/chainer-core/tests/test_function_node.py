import weakref

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import function_hooks
from chainer import testing
from chainer.functions.math import basic_math
from chainer.utils import type_check as type_check_module


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


class _TimesThree(chainer.FunctionNode):
    """``3 * x`` whose backward returns ``grad(gy)`` (a deliberately wrong gradient)."""

    def __init__(self, grad):
        self._grad = grad

    def forward(self, inputs):
        return inputs[0] * 3,

    def backward(self, indexes, grad_outputs):
        return self._grad(grad_outputs[0]),


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
            return [inputs[0]]
    with pytest.raises(TypeError, match=r'forward output must be a tuple \(Bad\)'):
        Bad().apply((_x(),))


@pytest.mark.parametrize('inputs', [(_x(),), (chainer.Variable(_x()),),
                                    (chainer.Variable(_x()), chainer.Variable(_x()))])
@pytest.mark.parametrize('array_first', [False, True])
@pytest.mark.parametrize('type_check', [True, False])  # off: a pair takes the pair path
def test_forward_must_return_arrays(inputs, array_first, type_check):
    class Scalar(chainer.FunctionNode):
        def forward(self, inputs):
            if array_first:
                return inputs[0], numpy.float32(3)
            return numpy.float32(3),
    with chainer.using_config('type_check', type_check), \
            pytest.raises(TypeError, match='forward output must be a tuple of ndarrays'):
        Scalar().apply(inputs)


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
    with pytest.raises(KeyError, match='Hook counting does not exist'):  # as v7
        f.delete_hook('counting')
    with pytest.raises(TypeError, match='FunctionHook'):  # as v7
        f.add_hook(object())
    assert not f.local_function_hooks


@pytest.mark.parametrize('node,alias', [(Cube(), False), (F.math.exponential.Exp(), True)])
def test_calling_a_node_raises_runtime_error(node, alias):
    # as v7: a node is applied with apply(); a built-in one also points to its function
    with pytest.raises(RuntimeError, match='apply') as info:
        node(chainer.Variable(_x()))
    assert ('snake_case' in str(info.value)) == alias


def test_apply_takes_any_iterable_of_inputs():
    # as v7, apply also accepts a generator (it has no length)
    x = chainer.Variable(_x())
    y, = Cube().apply(v for v in (x,))
    numpy.testing.assert_allclose(y.array, _x() ** 3)
    F.sum(y).backward()
    numpy.testing.assert_allclose(x.grad, 3 * _x() ** 2)


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


# --- apply: the straight-line path of two Variables ----------------------------------------


_BINARY_NODES = [basic_math.Add, basic_math.Sub, basic_math.Mul, basic_math.Div,
                 basic_math.PowVarVar]


def _operands(requires_grad0, requires_grad1, shape=(3,), dtype=numpy.float32):
    rng = numpy.random.RandomState(0)
    x0 = chainer.Variable(rng.uniform(0.5, 2, shape).astype(dtype),
                          requires_grad=requires_grad0)
    x1 = chainer.Variable(rng.uniform(0.5, 2, shape).astype(dtype),
                          requires_grad=requires_grad1)
    return x0, x1


def _graph_summary(y, x0, x1):
    func = y.creator_node
    if func is None:
        return None
    nodes = (x0.node, x1.node)
    data = (x0.array, x1.array)
    retained = func._retained_output_data
    return {
        'class': type(func),
        'rank': func.rank,
        'y_rank': y.node.rank,
        'inputs': tuple([nodes.index(n) for n in func.inputs]),
        'grad_input_indexes': func._grad_input_indexes,
        'retained_input_data': tuple(
            [None if n.data is None else [i for i, a in enumerate(data) if a is n.data][0]
             for n in func.inputs]),
        'retained_outputs': None if retained is None else len(retained),
        'outputs_alive': tuple([ref() is y.node for ref in func.outputs]),
    }


@pytest.mark.parametrize('node_class', _BINARY_NODES)
@pytest.mark.parametrize('requires_grad', [(True, True), (True, False), (False, True),
                                           (False, False)])
@pytest.mark.parametrize('backprop', [True, False])
def test_pair_path_builds_the_graph_the_general_path_builds(node_class, requires_grad,
                                                           backprop):
    class General(node_class):
        _equal_inputs_pass_type_check = ''  # the type check runs: the general path

    results = []
    for cls, type_check in ((node_class, False), (node_class, True), (General, True)):
        x0, x1 = _operands(*requires_grad)
        if requires_grad[0]:  # give the inputs distinct ranks, as inside a real graph
            x0 = x0 * chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
        with chainer.using_config('enable_backprop', backprop), \
                chainer.using_config('type_check', type_check):
            y, = cls().apply((x0, x1))
        summary = _graph_summary(y, x0, x1)
        if summary is not None:
            summary['class'] = summary['class'].__mro__[cls is General]
        results.append((y.array, y.requires_grad, summary))
    for y, rg, summary in results[1:]:
        numpy.testing.assert_array_equal(y, results[0][0])
        assert rg == results[0][1]
        assert summary == results[0][2]
    if backprop and any(requires_grad):
        assert results[0][2] is not None


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


def test_pair_path_runs_function_hooks():
    x0, x1 = _operands(True, True)
    hook = function_hooks.TimerHook()
    with hook:
        x0 * x1
        x0 + x1
    assert [name for name, _ in hook.call_history] == ['Mul', 'Add']


def test_pair_path_detects_nan_in_debug_mode():
    x0 = chainer.Variable(numpy.array([0.], numpy.float32))
    x1 = chainer.Variable(numpy.array([0.], numpy.float32))
    with chainer.using_config('debug', True), numpy.errstate(invalid='ignore'):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation'):
            x0 / x1


def test_pair_path_reports_a_dtype_mismatch_like_v7():
    x0, _ = _operands(True, True)
    x1 = chainer.Variable(numpy.ones(3, numpy.float64))
    with pytest.raises(type_check_module.InvalidType) as info:
        x0 * x1
    message = str(info.value)
    assert 'Invalid operation is performed in: _ * _ (Forward)' in message
    assert 'Expect: lhs.dtype == rhs.dtype' in message


def test_pair_path_skips_the_check_when_type_check_is_off():
    x0, _ = _operands(True, True)
    x1 = chainer.Variable(numpy.ones(3, numpy.float64))
    with chainer.using_config('type_check', False):
        y = x0 * x1
    assert y.dtype == numpy.float64


def test_broadcasting_pair_takes_the_general_path():
    x0 = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    x1 = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    y = x0 * x1
    F.sum(y).backward()
    numpy.testing.assert_array_equal(x1.grad, numpy.full(3, 2, numpy.float32))
    numpy.testing.assert_array_equal(x0.grad, numpy.tile(numpy.arange(3), (2, 1)))
    with pytest.raises(type_check_module.InvalidType):
        x0 * chainer.Variable(numpy.ones(2, numpy.float32))


def test_add_with_an_array_on_the_left():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    y = F.add(numpy.full(3, 2, numpy.float32), x)
    numpy.testing.assert_array_equal(y.array, numpy.full(3, 3, numpy.float32))


def test_grad_input_indexes_follow_the_inputs_at_apply_time():
    x = chainer.Variable(numpy.ones(3, numpy.float32))
    c = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
    y, = basic_math.MultiAdd().apply((c, x, c))
    assert y.creator_node._grad_input_indexes == (1,)
    z, = basic_math.MultiAdd().apply((x, x, x))
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


class TestGraphOfInputsWithoutGradients:
    """As v7, a node is recorded whenever backprop is enabled, even when no input requires a
    gradient; its outputs then require none either."""

    def test_function_of_arrays(self):
        x = numpy.array([1., -2.], numpy.float32)
        y = F.relu(x)
        assert type(y.creator).__name__ == 'ReLU' and y.creator_node is y.creator
        assert not y.requires_grad and not y.node.requires_grad
        assert y.rank == 1
        z = F.exp(y)
        assert z.creator.inputs[0] is y.node and z.rank == 2

    @pytest.mark.parametrize('op,creator', [
        (lambda v: v * 2, 'MulConstant'), (lambda v: v * v, 'Mul'), (lambda v: v + v, 'Add'),
        (lambda v: -v, 'Neg'), (lambda v: F.sum(v), 'Sum')])
    def test_operators_of_variables_without_gradient(self, op, creator):
        v = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
        y = op(v)
        assert type(y.creator).__name__ == creator
        assert not y.requires_grad

    def test_retained_arrays_as_for_any_graph(self):
        x = numpy.ones(3, numpy.float32)
        y = F.exp(x)
        assert y.creator.output_data[0] is y.array
        y2 = chainer.Variable(x, requires_grad=False) * chainer.Variable(x, requires_grad=False)
        assert y2.creator.inputs[0].data is x

    def test_not_recorded_without_backprop(self):
        with chainer.no_backprop_mode():
            assert F.relu(numpy.ones(3, numpy.float32)).creator is None
            v = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
            assert (v * v).creator is None

    def test_mixed_inputs_give_gradients_only_where_required(self):
        h = F.exp(numpy.zeros(3, numpy.float32))  # recorded, requires no gradient
        w = chainer.Variable(numpy.full(3, 2, numpy.float32))
        y = F.sum(h * w)
        assert y.requires_grad
        y.backward()
        numpy.testing.assert_array_equal(w.grad, h.array)
        assert h.grad is None

    @pytest.mark.parametrize('retain_grad', [False, True])
    def test_backward_of_a_graph_without_gradients(self, retain_grad):
        x = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
        h = x * 2
        y = F.sum(h)
        y.backward(retain_grad=retain_grad)
        assert x.grad is None and h.grad is None and y.grad is None

    def test_pair_path_records_the_graph(self):
        x0 = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
        x1 = chainer.Variable(numpy.ones(3, numpy.float32), requires_grad=False)
        for type_check in (True, False):
            with chainer.using_config('type_check', type_check):
                y = x0 + x1
            assert type(y.creator).__name__ == 'Add' and not y.requires_grad
            assert y.creator._grad_input_indexes == ()


@pytest.mark.parametrize('inputs,actual', [
    (lambda: ([1.0, 2.0],), "<class 'list'>"),
    (lambda: ((1.0, 2.0),), "<class 'tuple'>"),
    (lambda: (1.0,), "<class 'float'>"),
    (lambda: (numpy.float32(1),), "<class 'numpy.float32'>"),
])
def test_inputs_that_are_not_arrays(inputs, actual):
    with pytest.raises(TypeError) as e:
        F.relu(*inputs())
    assert str(e.value) == ('incompatible array types are mixed in the forward input '
                            '(ReLU).\nActual: ' + actual)


def test_an_array_mixed_with_a_list():
    with pytest.raises(TypeError) as e:
        F.linear(numpy.zeros((2, 3), numpy.float32), [[1.0, 2.0, 3.0]])
    assert str(e.value) == ('incompatible array types are mixed in the forward input '
                            "(LinearFunction).\nActual: <class 'numpy.ndarray'>, "
                            "<class 'list'>")


@pytest.mark.parametrize('f,message', [
    (lambda: F.relu(numpy.zeros(3, numpy.int32)),
     '\nInvalid operation is performed in: ReLU (Forward)\n\n'
     'Expect: x.dtype.kind == f\nActual: i != f'),
    (lambda: F.linear(numpy.zeros((2, 3), numpy.float32), numpy.zeros((4, 5), numpy.float32)),
     '\nInvalid operation is performed in: LinearFunction (Forward)\n\n'
     'Expect: x.shape[1] == W.shape[1]\nActual: 3 != 5'),
    (lambda: F.concat([numpy.zeros((2, 3), numpy.float32),
                       numpy.zeros((4, 5), numpy.float32)]),
     '\nInvalid operation is performed in: Concat (Forward)\n\n'
     'Expect: in_types[0].shape[0] == in_types[1].shape[0]\nActual: 2 != 4'),
    (lambda: chainer.Variable(numpy.ones(3, numpy.float32))
     + chainer.Variable(numpy.ones(3, numpy.float64)),
     '\nInvalid operation is performed in: _ + _ (Forward)\n\n'
     'Expect: lhs.dtype == rhs.dtype\nActual: float32 != float64'),
])
def test_type_error_messages(f, message):
    # v7's whole text: a newline, the header naming the function, Expect and Actual
    with pytest.raises(type_check_module.InvalidType) as e:
        f()
    assert str(e.value) == message


# --- backward and backward_accumulate ----------------------------------------------------


class _Accumulating(chainer.FunctionNode):
    """y = 2x with only backward_accumulate (as v7 allows)."""

    def __init__(self):
        self.received = []

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward_accumulate(self, indexes, grad_outputs, grad_inputs):
        self.received.append(grad_inputs)
        g = grad_outputs[0] * 2
        return (g if grad_inputs[0] is None else g + grad_inputs[0]),


class TestBackwardAccumulate:

    def test_overridden_backward_accumulate_is_used(self):
        x = chainer.Variable(_x())
        node = _Accumulating()
        F.sum(node.apply((x,))[0]).backward()
        numpy.testing.assert_array_equal(x.grad, [2., 2., 2.])
        assert len(node.received) == 1

    @pytest.mark.parametrize('double', [False, True])
    def test_with_other_gradients_and_an_existing_one(self, double):
        x = chainer.Variable(_x())
        x.grad = numpy.ones(3, 'f')
        F.sum(_Accumulating().apply((x,))[0] + x * 3).backward(
            enable_double_backprop=double)
        numpy.testing.assert_array_equal(x.grad, [6., 6., 6.])

    def test_given_the_existing_gradient_of_a_leaf(self):
        # as v7: the leaf's own gradient is among grad_inputs, and the result replaces it
        x = chainer.Variable(_x())
        x.grad = numpy.ones(3, 'f')
        node = _Accumulating()
        F.sum(node.apply((x,))[0]).backward()
        (gi,), = node.received
        numpy.testing.assert_array_equal(gi.array, [1., 1., 1.])
        numpy.testing.assert_array_equal(x.grad, [3., 3., 3.])

    def test_with_grad(self):
        x = chainer.Variable(_x())
        gx, = chainer.grad([F.sum(_Accumulating().apply((x,))[0])], [x])
        numpy.testing.assert_array_equal(gx.array, [2., 2., 2.])

    def test_preferred_over_backward(self):
        calls = []

        class Both(_Accumulating):
            def backward(self, indexes, grad_outputs):
                calls.append('backward')
                return grad_outputs[0] * 2,

        x = chainer.Variable(_x())
        F.sum(Both().apply((x,))[0]).backward()
        assert calls == []
        numpy.testing.assert_array_equal(x.grad, [2., 2., 2.])

    def test_default_backward_accumulate_adds(self):
        x = chainer.Variable(_x())
        y = x * 2
        gx, = y.creator_node.backward_accumulate(
            (0,), (chainer.Variable(numpy.ones(3, 'f')),),
            (chainer.Variable(numpy.full(3, 5, 'f')),))
        numpy.testing.assert_array_equal(gx.array, [7., 7., 7.])


class TestBackwardResultChecks:

    def test_wrong_number_of_gradients(self):
        class Two(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * 3,

            def backward(self, indexes, grad_outputs):
                return grad_outputs[0], grad_outputs[0]

        x = chainer.Variable(_x())
        y = Two().apply((x,))[0]
        y.grad = numpy.ones(3, 'f')
        with pytest.raises(ValueError, match='number of gradients returned from backward is '
                                             'incorrect: 2 != expected 1'):
            y.backward()

    def test_one_gradient_per_input_is_accepted(self):
        class AllGrads(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * inputs[1],

            def backward(self, indexes, grad_outputs):
                x0, x1 = self.inputs
                gy = grad_outputs[0]
                return gy * x1.get_variable(), gy * x0.get_variable()

        x = chainer.Variable(_x())
        c = chainer.Variable(_x() + 1, requires_grad=False)
        self.retained = AllGrads().apply((x, c))[0]
        F.sum(self.retained).backward()
        numpy.testing.assert_array_equal(x.grad, _x() + 1)

    @pytest.mark.parametrize('grad,error,match', [
        (lambda gy: chainer.Variable(numpy.ones(2, 'f')), ValueError, 'shape of gradients'),
        (lambda gy: chainer.Variable(numpy.ones(3, 'd')), TypeError,
         'Dtype of data and grad mismatch'),
        (lambda gy: gy.array, ValueError, 'type of gradients'),
        (lambda gy: gy * numpy.float32(numpy.nan), RuntimeError, 'NaN is detected on'),
    ])
    def test_debug_mode_checks_each_gradient(self, grad, error, match):
        x = chainer.Variable(_x())
        y = _TimesThree(grad).apply((x,))[0]
        y.grad = numpy.ones(3, 'f')
        with chainer.using_config('debug', True), pytest.raises(error, match=match):
            y.backward()

    @pytest.mark.parametrize('grad,error,match', [
        (lambda gy: chainer.Variable(numpy.ones(2, 'f')), ValueError,
         r'_TimesThree\) has a bug.\n\nShape of data and grad mismatch'),
        (lambda gy: F.sum(gy), ValueError, 'Shape of data and grad mismatch'),
        (lambda gy: chainer.Variable(numpy.ones(3, 'd')), TypeError,
         'Dtype of data and grad mismatch'),
        (lambda gy: gy.array, AttributeError, ''),
    ])
    def test_shape_and_dtype_checked_outside_debug_mode(self, grad, error, match):
        # as v7: a gradient that does not fit its input fails without debug mode too (with
        # the message of a mismatched gradient, not debug mode's one)
        x = chainer.Variable(_x())
        with pytest.raises(error, match=match):
            F.sum(_TimesThree(grad).apply((x,))[0]).backward()
        assert x.grad is None

    def test_debug_mode_checks_fast_path_gradients_too(self):
        x = chainer.Variable(_x())
        with numpy.errstate(invalid='ignore'):
            y = F.sqrt(x - 2)  # NaN at x = 1, in the output and in the fast backward
        y.grad = numpy.ones(3, 'f')
        with chainer.using_config('debug', True), \
                numpy.errstate(invalid='ignore', divide='ignore'), \
                pytest.raises(RuntimeError, match='NaN is detected on'):
            y.backward()


class TestForwardStackInBackwardErrors:

    class _Raising(chainer.FunctionNode):
        def forward(self, inputs):
            return inputs[0] * 3,

        def backward(self, indexes, grad_outputs):
            raise ValueError('boom')

    def _output(self, debug):
        x = chainer.Variable(_x())
        with chainer.using_config('debug', debug):
            y = self._Raising().apply((x,))[0]  # the stack is recorded here in debug mode
        y.grad = numpy.ones(3, 'f')
        return x, y

    @pytest.mark.parametrize('backward_debug', [False, True])
    def test_stack_recorded_in_forward_is_attached(self, backward_debug):
        x, y = self._output(True)
        with chainer.using_config('debug', backward_debug), \
                pytest.raises(ValueError) as info:
            y.backward()
        message = str(info.value)
        assert message.startswith('boom\n')
        assert 'Stacktrace of the function is below:' in message
        assert '_output' in message

    def test_attached_to_grad_errors(self):
        x, y = self._output(True)
        with pytest.raises(ValueError, match='(?s)boom.*Stacktrace of the function'):
            chainer.grad([y], [x])

    def test_no_stack_without_debug_mode_in_forward(self):
        x, y = self._output(False)
        with chainer.using_config('debug', True), pytest.raises(ValueError) as info:
            y.backward()
        assert str(info.value) == 'boom'

    def test_errors_without_message(self):
        class Raising(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * 3,

            def backward(self, indexes, grad_outputs):
                raise ValueError()

        with chainer.using_config('debug', True):
            y = Raising().apply((chainer.Variable(_x()),))[0]
        y.grad = numpy.ones(3, 'f')
        with pytest.raises(ValueError) as info:
            y.backward()
        assert str(info.value).startswith('\n') and 'Stacktrace' in str(info.value)


class TestGrad:

    def test_grad_does_not_touch_attributes(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        w = chainer.Variable(numpy.array([3., 4.], 'f'))
        y = F.sum(x * w)
        gx, = chainer.grad([y], [x])
        numpy.testing.assert_allclose(gx.array, w.array)
        assert x.grad is None and w.grad is None

    def test_grad_set_grad_and_grad_inputs(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        y = F.sum(x * x)
        gx, = chainer.grad([y], [x], grad_inputs=[chainer.Variable(numpy.ones(2, 'f'))],
                           set_grad=True)
        numpy.testing.assert_allclose(gx.array, 2 * x.array + 1)
        numpy.testing.assert_allclose(x.grad, gx.array)

    def test_grad_of_intermediate(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        h = x * 3
        y = F.sum(h * h)
        gh, = chainer.grad([y], [h])
        numpy.testing.assert_allclose(gh.array, 2 * h.array)

    def test_grad_double(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        y = F.sum(x ** 3)
        gx, = chainer.grad([y], [x], enable_double_backprop=True)
        ggx, = chainer.grad([F.sum(gx)], [x])
        numpy.testing.assert_allclose(ggx.array, 6 * x.array)

    def test_inputs_without_gradients(self):
        # as v7: the paths from the inputs to the outputs through variables that require
        # gradients (an input itself may require none)
        x = chainer.Variable(numpy.ones(3, 'f'), requires_grad=False)
        w = chainer.Variable(numpy.full(3, 2, 'f'))
        assert chainer.grad([w], [x]) == [None]
        assert chainer.grad([F.sum(x * 2)], [x]) == [None]
        gx, gw = chainer.grad([F.sum(x * w)], [x, w])
        numpy.testing.assert_array_equal(gx.array, w.array)
        numpy.testing.assert_array_equal(gw.array, x.array)
        gx, = chainer.grad([x], [x])
        numpy.testing.assert_array_equal(gx.array, [1, 1, 1])

    def test_only_the_paths_between_inputs_and_outputs(self):
        x = chainer.Variable(numpy.ones(3, 'f'), requires_grad=False)
        w = chainer.Variable(numpy.ones(3, 'f'))
        h = x * 2
        y = F.sum(h * w)
        assert chainer.grad([y], [x]) == [None]  # h requires no gradient: no path
        assert chainer.grad([y], [h]) == [None]
        gh, gx, gw = chainer.grad([y], [h, x, w])  # w opens the path through h * w
        numpy.testing.assert_array_equal(gh.array, [1, 1, 1])
        numpy.testing.assert_array_equal(gx.array, [2, 2, 2])
        numpy.testing.assert_array_equal(gw.array, [2, 2, 2])

    def test_backward_runs_only_for_the_inputs_asked(self):
        seen = []

        class Recording(chainer.FunctionNode):
            def forward(self, inputs):
                return inputs[0] * inputs[1],

            def backward(self, indexes, grad_outputs):
                seen.append(indexes)
                x, w = self.inputs
                gy, = grad_outputs
                return tuple([gy * (w if i == 0 else x).get_variable() for i in indexes])

        x = chainer.Variable(numpy.ones(3, 'f'))
        w = chainer.Variable(numpy.ones(3, 'f'))
        y, = Recording().apply((x, w))
        chainer.grad([y], [x])
        assert seen == [(0,)]

    def test_array_grad_inputs(self):
        x = chainer.Variable(numpy.array([1., 2.], 'f'))
        gx, = chainer.grad([x * 2], [x], [None], [numpy.ones(2, 'f')])
        numpy.testing.assert_array_equal(gx.array, [3, 3])

    def test_grad_errors(self):
        x = chainer.Variable(numpy.zeros(2, 'f'))
        with pytest.raises(TypeError):
            chainer.grad(F.sum(x), [x])
        with pytest.raises(ValueError):
            chainer.grad([F.sum(x)], [x], grad_outputs=[None, None])


def _v(values, dtype='f', **kwargs):
    return chainer.Variable(numpy.array(values, dtype), **kwargs)


class TestGradOutputs:
    """``chainer.grad`` as v7: omitted output gradients are ones, whatever the shape."""

    def test_non_scalar_output_without_grad_outputs(self):
        x = _v([1., 2.])
        gx, = chainer.grad([x * 2], [x])
        numpy.testing.assert_array_equal(gx.array, [2., 2.])

    def test_none_among_grad_outputs(self):
        x = _v([1., 2.])
        gx, = chainer.grad([x * 2, F.sum(x)], [x], [None, None])
        numpy.testing.assert_array_equal(gx.array, [3., 3.])

    def test_output_grad_attribute_is_not_used_nor_changed(self):
        x = _v([1., 2.])
        y = x * 2
        y.grad = numpy.full(2, 3, 'f')
        gx, = chainer.grad([y], [x])
        numpy.testing.assert_array_equal(gx.array, [2., 2.])
        numpy.testing.assert_array_equal(y.grad, [3., 3.])

    def test_loss_scale_scales_only_the_ones(self):
        x = _v([1., 2.])
        y = x * 2
        gx, = chainer.grad([y], [x], loss_scale=2.)
        numpy.testing.assert_array_equal(gx.array, [4., 4.])
        gx, = chainer.grad([y], [x], [_v([1., 3.])], loss_scale=2.)
        numpy.testing.assert_array_equal(gx.array, [2., 6.])
        h = _v([1., 2.], 'e')
        assert chainer.grad([h * 2], [h], loss_scale=2.)[0].dtype == numpy.float16

    def test_retain_grad_keeps_the_seed(self):
        x = _v([1., 2.])
        h = x * 2
        y = F.sum(h * h)
        gx, = chainer.grad([y], [x], retain_grad=True)
        numpy.testing.assert_array_equal(gx.array, [8., 16.])
        numpy.testing.assert_array_equal(h.grad, [4., 8.])
        assert y.grad == 1.

    def test_duplicate_outputs_count_once_with_the_last_gradient(self):
        x = _v([1., 2.])
        y = x * 2
        gx, = chainer.grad([y, y], [x])
        numpy.testing.assert_array_equal(gx.array, [2., 2.])
        gx, = chainer.grad([y, y], [x], [_v([1., 1.]), _v([5., 5.])])
        numpy.testing.assert_array_equal(gx.array, [10., 10.])

    def test_inputs_that_are_outputs(self):
        x = _v([1., 2.])
        y = x * 2
        z = y * 3
        gy, gx = chainer.grad([z, y], [y, x])
        numpy.testing.assert_array_equal(gy.array, [4., 4.])
        numpy.testing.assert_array_equal(gx.array, [8., 8.])
        gx, = chainer.grad([x], [x])
        numpy.testing.assert_array_equal(gx.array, [1., 1.])
        gy, = chainer.grad([y], [y])
        numpy.testing.assert_array_equal(gy.array, [1., 1.])

    def test_duplicate_and_unreachable_inputs(self):
        x = _v([1., 2.])
        z = x * 3
        g1, g2, gz = chainer.grad([x * 2], [x, x, z])
        numpy.testing.assert_array_equal(g1.array, [2., 2.])
        numpy.testing.assert_array_equal(g2.array, [2., 2.])
        assert gz is None
        gx, gz = chainer.grad([F.sum(x * 2)], [x, z], grad_inputs=[None, _v([10., 10.])])
        numpy.testing.assert_array_equal(gz.array, [10., 10.])

    def test_grad_inputs_with_loss_scale(self):
        x = _v([1., 2.])
        gx, = chainer.grad([x * 2], [x], grad_inputs=[_v([10., 10.])], loss_scale=3.)
        numpy.testing.assert_array_equal(gx.array, [16., 16.])

    @pytest.mark.parametrize('args,error,match', [
        (lambda x, y: (y, [x]), TypeError, 'outputs must be a tuple or a list'),
        (lambda x, y: ([y], x), TypeError, 'inputs must be a tuple or a list'),
        (lambda x, y: ([y], [x], y), TypeError, 'grad_outputs must be a tuple or a list'),
        (lambda x, y: ([y], [x], [None, None]), ValueError,
         r'(?s)grad_outputs must be of the same length as outputs\..*len\(outputs\) = 1, '
         r'len\(grad_outputs\) = 2'),
        (lambda x, y: ([y], [x], None, [None, None]), ValueError,
         r'(?s)grad_inputs must be of the same length as inputs\..*len\(inputs\) = 1, '
         r'len\(grad_inputs\) = 2'),
    ])
    def test_argument_errors(self, args, error, match):
        x = _v([1., 2.])
        with pytest.raises(error, match=match):
            chainer.grad(*args(x, x * 2))


# --- the array-level backward of subclasses ---------------------------------------------


def test_subclass_overriding_backward_loses_the_inherited_fast_backward():
    from chainer.functions.activation import sigmoid

    class Halved(sigmoid.Sigmoid):
        def backward(self, indexes, grad_outputs):
            return super().backward(indexes, grad_outputs)[0] * 0.5,

    assert Halved._backward_arrays is None
    assert sigmoid.Sigmoid._backward_arrays is not None
    x = chainer.Variable(numpy.zeros(3, 'f'))
    F.sum(Halved().apply((x,))[0]).backward()
    numpy.testing.assert_allclose(x.grad, [.125, .125, .125])


def test_subclass_overriding_backward_accumulate_loses_the_inherited_fast_backward():
    from chainer.functions.activation import sigmoid

    class Accumulating(sigmoid.Sigmoid):
        def backward_accumulate(self, indexes, grad_outputs, grad_inputs):
            return super().backward_accumulate(indexes, grad_outputs, grad_inputs)

    assert Accumulating._backward_arrays is None
    assert Accumulating._accumulates and not sigmoid.Sigmoid._accumulates


def test_layout_and_elementwise_attributes_as_v7():
    # v7's memory-layout attributes: every array has the standard layout (None).
    import numpy

    import chainer
    from chainer.functions.activation import relu
    from chainer.functions.math import basic_math
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    assert x.layout is None
    node = chainer.functions.add(x, x, x).creator
    assert node.input_layouts == (None, None, None) and node.output_layouts == (None,)
    assert node.chainerx_device is None
    assert node.check_layout_forward(node.inputs) is None
    with pytest.raises(AssertionError):
        chainer.FunctionNode().input_layouts
    elementwise = {
        relu.ReLU, relu.ReLUGradCudnn, basic_math.Absolute, basic_math.AbsoluteGrad,
        basic_math.Add, basic_math.AddConstant, basic_math.Div, basic_math.DivFromConstant,
        basic_math.Mul, basic_math.MulConstant, basic_math.MultiAdd, basic_math.Neg,
        basic_math.PowConstVar, basic_math.PowConstVarGrad, basic_math.PowVarConst,
        basic_math.PowVarConstGrad, basic_math.PowVarVar, basic_math.Sub,
        basic_math.SubFromConstant}
    assert all(cls.is_elementwise for cls in elementwise)
    assert not chainer.FunctionNode.is_elementwise
    assert not basic_math.DivFromConstantGrad.is_elementwise
    assert not relu.ReLUGrad2.is_elementwise


class TestRetainedValuesAsV7:

    def test_nothing_retained_gives_empty_tuples(self):
        node = F.identity(chainer.Variable(_x())).creator
        assert node.get_retained_inputs() == ()
        assert node.get_retained_outputs() == ()

    def test_retained_output_node_holds_its_array(self):
        x = chainer.Variable(_x())
        y = F.exp(x)  # Exp retains its output
        assert y.node.data is y.array
        node = y.node
        expected = y.array.copy()
        del y
        assert node.get_variable_or_none() is None
        numpy.testing.assert_array_equal(node.get_variable().array, expected)

    def test_output_not_retained_holds_no_array(self):
        y = chainer.Variable(_x()) * 2
        assert y.node.data is None
