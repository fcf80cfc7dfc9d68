import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing


class WrongGrad(chainer.FunctionNode):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 2,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] * x * 3,   # wrong: should be 2 * x


class Square(chainer.FunctionNode):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] ** 2,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] * x * 2,


def _x():
    return numpy.random.uniform(0.5, 1, (3, 2))


def test_check_backward_passes_for_correct_grad():
    gradient_check.check_backward(lambda x: Square().apply((x,))[0], _x(), _x())


# check_backward compares directional derivatives along a random direction: a wrong gradient
# is missed when the direction is (nearly) orthogonal to the error, which for the small
# errors below happens in ~0.5% of draws. The tests that expect a detection are seeded.


@testing.fix_random()
def test_check_backward_detects_wrong_grad():
    with pytest.raises(AssertionError, match='check_backward failed'):
        gradient_check.check_backward(lambda x: WrongGrad().apply((x,))[0], _x(), _x())


def test_check_double_backward():
    gradient_check.check_double_backward(
        lambda x: Square().apply((x,))[0] * Square().apply((x,))[0], _x(), _x(), _x())


@testing.fix_random()
def test_check_double_backward_detects_wrong_second_order():
    def f(x):
        return WrongGrad().apply((x,))[0] * x
    with pytest.raises(AssertionError):
        gradient_check.check_double_backward(f, _x(), _x(), _x())


@testing.fix_random()
def test_params_are_checked():
    w = chainer.Parameter(numpy.random.uniform(-1, 1, (3, 2)))
    gradient_check.check_backward(lambda x: x * w, _x(), _x(), params=w)

    def wrong(x):
        return WrongGrad().apply((w,))[0] + x
    with pytest.raises(AssertionError):
        gradient_check.check_backward(wrong, _x(), _x(), params=w)


def test_no_grads_and_int_inputs():
    x = _x()
    t = numpy.array([0, 1, 0], numpy.int32)
    gradient_check.check_backward(lambda x, t: x * 2, (x, t), x)
    gradient_check.check_backward(lambda a, b: a * b.array, (x, _x()), x,
                                  no_grads=[False, True])
    with pytest.raises(RuntimeError):  # as v7: an input in no_grads must get no gradient
        gradient_check.check_backward(lambda a, b: a * b, (x, _x()), x, no_grads=[False, True])
    with pytest.raises(ValueError):
        gradient_check.check_backward(lambda a: a, (x,), x, no_grads=[True, False])
    # as v7, an integer input may be marked as checked: it is perturbed as is
    gradient_check.check_backward(lambda a, t: a * 2, (x, t), x, no_grads=[False, False])


def test_inputs_must_be_arrays():
    with pytest.raises(TypeError):
        gradient_check.check_backward(F.sin, chainer.Variable(_x()), _x())
    with pytest.raises(TypeError):
        gradient_check.check_double_backward(F.sin, (chainer.Variable(_x()),), _x(), _x())


@pytest.mark.parametrize('eps', [0, -1e-3])
def test_eps_must_be_positive(eps):
    with pytest.raises(AssertionError):
        gradient_check.check_backward(F.sin, _x(), _x(), eps=eps)
    with pytest.raises(AssertionError):
        gradient_check.check_double_backward(F.sin, _x(), _x(), _x(), eps=eps)


def test_double_backward_output_count_must_match():
    with pytest.raises(ValueError):
        gradient_check.check_double_backward(lambda x: (x * x, x * x), _x(), (_x(),), _x())


def test_double_backward_no_grads_cover_output_gradients():
    x, y = _x(), _x()
    # (v7 fails on any double backward check with an input in no_grads; ours checks it)
    gradient_check.check_double_backward(lambda a, b: a * a * b.array, (x, y), _x(),
                                         (_x(), None), no_grads=[False, True, False])
    with pytest.raises(ValueError):  # one entry per input only: v7 rejects it
        gradient_check.check_double_backward(lambda a, b: a * a * b.array, (x, y), _x(),
                                             (_x(), None), no_grads=[False, True])


def test_double_backward_params_grad_grad():
    w = chainer.Parameter(_x())
    gradient_check.check_double_backward(lambda a: a * a * w, _x(), _x(), _x(), params=w,
                                         params_grad_grad=_x())
    gradient_check.check_double_backward(lambda a: a * a * w, _x(), _x(), _x(), params=w,
                                         params_grad_grad=None)
    with pytest.raises(ValueError):  # the default () does not cover the parameter
        gradient_check.check_double_backward(lambda a: a * a * w, _x(), _x(), _x(), params=w)


def test_scalar_output_without_y_grad():
    gradient_check.check_backward(lambda x: F.sum(x * x), _x(), None)
    with pytest.raises(ValueError):
        gradient_check.check_backward(lambda x: x * x, _x(), None)


def test_dtype_must_be_float():
    with pytest.raises(ValueError):
        gradient_check.check_backward(lambda x: x, _x(), _x(), dtype=numpy.int32)


def test_detect_nondifferentiable():
    x = numpy.array([0.0, 1e-5])
    with pytest.raises(gradient_check.NondifferentiableError):
        gradient_check.check_backward(
            lambda x: abs(x), x, numpy.ones(2), detect_nondifferentiable=True, eps=1e-3)


def test_numerical_grad():
    x = numpy.array([1.0, 2.0])

    def f():
        return x ** 2,
    grads = gradient_check.numerical_grad(f, (x,), (numpy.ones(2),))
    assert isinstance(grads, list)  # as v7
    numpy.testing.assert_allclose(grads[0], 2 * x, rtol=1e-5)


def test_assert_allclose_is_deprecated():
    with pytest.warns(DeprecationWarning):
        gradient_check.assert_allclose(numpy.ones(2), numpy.ones(2))
    with pytest.warns(DeprecationWarning):
        with pytest.raises(AssertionError):
            gradient_check.assert_allclose(numpy.ones(2), numpy.zeros(2))


@testing.fix_random()
def test_failure_reports_as_v7():
    # check_backward's report: the arrays it used, then assert_allclose's message (without
    # its leading newline) and v7's details; check_double_backward puts its own first
    x = numpy.array([1., 2.])
    gy = numpy.array([1., 1.])
    with pytest.raises(AssertionError) as info:
        gradient_check.check_backward(lambda x: WrongGrad().apply((x,))[0], x, gy)
    lines = str(info.value).split('\n')
    assert lines[:5] == ['check_backward failed (eps=0.001 atol=1e-05 rtol=0.0001)',
                         'inputs[0]:', '[1. 2.]', 'grad_outputs[0]:', '[1. 1.]']
    assert lines[lines.index('x: numeric gradient, y: backward gradient') + 1] == (
        'Not equal to tolerance rtol=0.0001, atol=1e-05')
    details = lines[lines.index('assert_allclose failed:') - 1:]
    assert details[0] == ''
    assert details[4] == '  i: (0,)'          # a 0-dim comparison, reported as v7 does
    assert details[-3].startswith('x: ') and len(details[-3]) <= 14  # array2string's digits
    assert details[-1] == ''

    with pytest.raises(AssertionError) as info:
        gradient_check.check_double_backward(
            lambda x: WrongGrad().apply((x,))[0] * x, x, gy, numpy.array([1., 0.5]))
    lines = str(info.value).split('\n')
    assert lines[:9] == [
        'check_double_backward failed (eps=0.001 atol=0.0001 rtol=0.001)',
        'input[0]:', '[1. 2.]', 'grad_output[0]:', '[1. 1.]', 'grad_grad_input[0]:',
        '[1.  0.5]', '', 'check_backward failed (eps=0.001 atol=0.0001 rtol=0.001)']


# The numerical machinery as v7 runs it (values and outcomes checked against v7.8.1).


def test_directions_have_a_floor_per_element(monkeypatch):
    # One normal draw over all checked elements, normalized with 1% of the squared norm
    # spread evenly (signs kept, -0.0 counting as negative).
    monkeypatch.setattr(numpy.random, 'normal',
                        lambda size: numpy.array([-0., 1., 0.]).reshape(size))
    with pytest.raises(AssertionError) as info:
        gradient_check.check_backward(
            lambda *xs: tuple(WrongGrad().apply((x,))[0] for x in xs),
            (numpy.zeros(1) + 0.5, numpy.zeros(2) + 0.5), (numpy.ones(1), numpy.ones(2)))
    text = str(info.value)
    assert 'directions[0]:\n[-0.05773503]\ndirections[1]:\n[0.99666109 0.05773503]' in text


@testing.fix_random()
def test_seeded_directions_as_v7():
    numpy.random.seed(3)
    x = numpy.linspace(0.1, 0.6, 6).reshape(3, 2)
    with pytest.raises(AssertionError) as info:
        gradient_check.check_backward(lambda x: WrongGrad().apply((x,))[0], x, numpy.ones_like(x))
    assert ('directions[0]:\n[[ 0.67034497  0.16831816]\n [ 0.05449548 -0.69830072]\n'
            ' [-0.11150901 -0.13884775]]') in str(info.value)


def _numerical_grad_of(f, x, **kwargs):
    return gradient_check.numerical_grad(lambda: (f(x),), (x,), (numpy.ones_like(x),),
                                         **kwargs)[0]


def test_numerical_grad_difference_schemes():
    # The central difference, or five points (exact up to degree 4) when checking
    # differentiability.
    def f(x):
        return x ** 5
    central = _numerical_grad_of(f, numpy.array([0.5, 1.0]), eps=0.1)
    numpy.testing.assert_allclose(central, [0.3376, 5.1001], rtol=1e-12)
    five_points = _numerical_grad_of(f, numpy.array([0.5, 1.0]), eps=0.1,
                                     detect_nondifferentiable=True)
    numpy.testing.assert_allclose(five_points, [0.312475, 4.999975], rtol=1e-12)


def test_numerical_grad_moves_float16_inputs_with_one_rounding():
    x = numpy.array([0.3, 0.2], numpy.float16)
    grad = _numerical_grad_of(numpy.sin, x, eps=0.1)
    assert grad.dtype == numpy.float16
    assert grad.tolist() == [0.95458984375, 0.9794921875]


def test_numerical_grad_evaluation_order():
    x = numpy.array([0.3, 1.0])
    calls = []

    def f():
        calls.append((x.tolist(), chainer.config.type_check))
        return x ** 2,
    gradient_check.numerical_grad(f, (x,), (numpy.ones(2),))
    assert [c[0] for c in calls] == [[0.299, 1.0], [0.301, 1.0], [0.3, 0.999], [0.3, 1.001]]
    del calls[:]
    gradient_check.numerical_grad(f, (x,), (numpy.ones(2),), detect_nondifferentiable=True,
                                  center_outputs=(numpy.full(2, 5.),))  # not used
    assert [c[0] for c in calls[:5]] == [
        [0.3, 1.0], [0.299, 1.0], [0.2995, 1.0], [0.3005, 1.0], [0.301, 1.0]]
    assert len(calls) == 9
    # the center with type checks, the moved points without
    assert [c[1] for c in calls] == [True] + [False] * 8


@pytest.mark.parametrize('f,x,kwargs,kink', [
    (numpy.abs, [0.0, 1.0], {}, True),
    (numpy.abs, [6e-4, 1.0], {}, True),
    (lambda x: x ** 3, [0.5, 1.0], {'eps': 0.1}, False),      # fitted closely enough
    (lambda x: numpy.exp(3 * x), [0.5, 1.0], {'eps': 0.3}, True),
    (lambda x: (x > 0).astype(x.dtype), [0.0, 1.0], {}, True),
    (numpy.zeros_like, [0.0, 1.0], {}, False),
    (numpy.log, [5e-4, 1.0], {}, True),                     # finite on one side only
    (numpy.log, [-1.0, 1.0], {}, False),                    # NaN all around
    (lambda x: numpy.sin(x.astype(numpy.float16)), [0.3, 1.0], {}, True),  # rounding noise
])
def test_numerical_grad_detects_nondifferentiable_points(f, x, kwargs, kink):
    x = numpy.array(x)
    with numpy.errstate(divide='ignore', invalid='ignore'):
        if kink:
            with pytest.raises(gradient_check.NondifferentiableError,
                               match='non-differentiable point'):
                _numerical_grad_of(f, x, detect_nondifferentiable=True, **kwargs)
        else:
            _numerical_grad_of(f, x, detect_nondifferentiable=True, **kwargs)
        # zero-size outputs are not checked
        gradient_check.numerical_grad(lambda: (f(x)[:0],), (x,), (numpy.ones(0),),
                                      detect_nondifferentiable=True)


def test_numerical_grad_detection_ignores_output_gradients():
    x = numpy.array([0.0, 1.0])
    with pytest.raises(gradient_check.NondifferentiableError):
        gradient_check.numerical_grad(lambda: (numpy.abs(x),), (x,), (numpy.zeros(2),),
                                      detect_nondifferentiable=True)
    # a scalar output gradient and a list of outputs are accepted
    grad, = gradient_check.numerical_grad(lambda: [x * 3], (x,), (2.0,))
    numpy.testing.assert_allclose(grad, [6., 6.])


@pytest.mark.parametrize('c,rtol,kink', [
    (1e-3, 1e-4, False), (3e-3, 1e-4, True), (1e-2, 1e-3, False), (3e-2, 1e-3, True)])
def test_check_backward_detection_tolerance_is_rtol(c, rtol, kink):
    # x + c |x| at 0: kinked by c; check_backward's detection tolerates rtol, not atol
    def f(x):
        return x + c * F.absolute(x)
    args = (f, numpy.array([0.0]), numpy.ones(1))
    kwargs = {'detect_nondifferentiable': True, 'rtol': rtol, 'atol': 1e-1}
    if kink:
        with pytest.raises(gradient_check.NondifferentiableError):
            gradient_check.check_backward(*args, **kwargs)
    else:
        gradient_check.check_backward(*args, **kwargs)


def test_check_backward_detects_float32_noise_without_dtype():
    # as v7: the five samples of a float32 computation are too noisy for a tolerance of rtol
    x = numpy.array([0.3, 0.2], numpy.float32)
    b = numpy.array([0.5, 0.1], numpy.float32)
    c = numpy.array([1., 2.], numpy.float32)
    outcomes = []
    for seed in range(5):
        numpy.random.seed(seed)
        try:
            gradient_check.check_backward(
                lambda x: x * b + c, x, numpy.ones(2, numpy.float32),
                detect_nondifferentiable=True, atol=1e-3, rtol=1e-3)
            outcomes.append('ok')
        except gradient_check.NondifferentiableError:
            outcomes.append('kink')
    assert outcomes == ['kink', 'ok', 'kink', 'kink', 'ok']
    numpy.random.seed(0)
    gradient_check.check_backward(lambda x: x * b + c, x, numpy.ones(2, numpy.float32),
                                  detect_nondifferentiable=True, atol=1e-3, rtol=1e-3,
                                  dtype=numpy.float64)


def test_check_backward_perturbed_calls():
    a = numpy.array([0.3, 0.2], numpy.float32)
    b = numpy.array([0.5, 0.1], numpy.float32)
    c = numpy.array([1, 2], numpy.int32)
    calls = []

    def f(x, y, z):
        calls.append([(v.dtype.name, v.requires_grad) for v in (x, y, z)])
        return x * y.array + z.array.astype(x.dtype),
    gradient_check.check_backward(f, (a, b, c), numpy.ones(2, numpy.float32),
                                  no_grads=[False, True, True], dtype=numpy.float64)
    assert calls == [[('float32', True), ('float32', True), ('int32', False)]] + [
        [('float64', True), ('float64', False), ('int32', False)]] * 2
