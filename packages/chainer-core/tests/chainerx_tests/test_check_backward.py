"""chainerx.check_backward and chainerx.check_double_backward."""
import numpy
import pytest

import chainerx


class _FunctionNode:
    """A Chainer-like function node whose gradient is ``scale * gy``."""

    def __init__(self, scale):
        self.scale = scale

    def _backward_chainerx(self, target_indexes, grad_outputs, retained_inputs,
                           retained_outputs):
        return [grad_outputs[0] * self.scale for _ in target_indexes]


def _double(scale_of_gradient):
    def func(xs):
        x, = xs
        y = chainerx.array(chainerx.to_numpy(x) * 2)
        chainerx._function_node_forward(_FunctionNode(scale_of_gradient), [x], [y], [], [])
        return y,
    return func


def _inputs():
    return [chainerx.array(numpy.array([1., 2., 3.]))]


def _eps():
    return [chainerx.full((3,), 1e-3, 'float64')]


def test_check_backward_passes():
    chainerx.check_backward(_double(2), _inputs(), [chainerx.ones((3,), 'float64')], _eps())


def test_check_backward_detects_wrong_gradient():
    with pytest.raises(chainerx.GradientCheckError):
        chainerx.check_backward(_double(3), _inputs(), [chainerx.ones((3,), 'float64')],
                                _eps())


def test_check_backward_of_routines():
    x = chainerx.array(numpy.array([[0.5, 1.5], [2., 3.]]))
    chainerx.check_backward(lambda xs: (chainerx.log(xs[0]) * xs[0],), [x],
                            [chainerx.ones((2, 2), 'float64')],
                            [chainerx.full((2, 2), 1e-3, 'float64')])


def test_check_double_backward():
    x = chainerx.array(numpy.array([0.5, 1.5]))
    gy = chainerx.array(numpy.array([1., -2.]))
    ggx = chainerx.array(numpy.array([0.3, 0.7]))
    chainerx.check_double_backward(lambda xs: (xs[0] ** 3,), [x], [gy], [ggx],
                                   [chainerx.full((2,), 1e-3, 'float64')] * 2)


def test_check_double_backward_detects_wrong_second_order():
    x = chainerx.array(numpy.array([0.5, 1.5]))
    gy = chainerx.array(numpy.array([1., -2.]))
    ggx = chainerx.array(numpy.array([0.3, 0.7]))

    def func(xs):
        # the first order gradient is right (2x) but it is not differentiable further
        x, = xs
        y = chainerx.array(chainerx.to_numpy(x) ** 2)

        class Node:
            def _backward_chainerx(self, targets, gys, ins, outs):
                return [gys[0] * (x.as_grad_stopped() * 2)]

        chainerx._function_node_forward(Node(), [x], [y], [], [])
        return y,

    with pytest.raises(chainerx.GradientCheckError):
        chainerx.check_double_backward(func, [x], [gy], [ggx],
                                       [chainerx.full((2,), 1e-3, 'float64')] * 2)


def test_check_backward_argument_errors():
    with pytest.raises(ValueError):
        chainerx.check_backward(_double(2), _inputs(), [chainerx.ones((3,), 'float64')], [])
    with pytest.raises(TypeError):
        chainerx.check_backward(_double(2), [numpy.ones(3)], [None], _eps())
