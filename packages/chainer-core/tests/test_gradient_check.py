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
