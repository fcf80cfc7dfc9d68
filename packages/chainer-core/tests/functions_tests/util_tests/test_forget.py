import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


def _mlp(x, W, b):
    h = F.tanh(F.matmul(x, W) + b)
    return F.sum(h * h, axis=1)


def _grads(func, arrays, gy, use_forget):
    vs = [chainer.Variable(a.copy()) for a in arrays]
    y = F.forget(func, *vs) if use_forget else func(*vs)
    y.grad = gy
    y.backward()
    return y.array, [v.grad for v in vs]


def test_same_values_and_gradients():
    rng = numpy.random.RandomState(0)
    arrays = [rng.uniform(-1, 1, (3, 4)), rng.uniform(-1, 1, (4, 5)), rng.uniform(-1, 1, 5)]
    gy = rng.uniform(-1, 1, 3)
    y1, g1 = _grads(_mlp, arrays, gy, False)
    y2, g2 = _grads(_mlp, arrays, gy, True)
    numpy.testing.assert_allclose(y1, y2)
    for a, b in zip(g1, g2):
        numpy.testing.assert_allclose(a, b)


def test_check_backward():
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-1, 1, (3, 4))
    W = rng.uniform(-1, 1, (4, 5))
    b = rng.uniform(-1, 1, 5)

    def f(x, W, b):
        return F.forget(_mlp, x, W, b)

    gradient_check.check_backward(f, (x, W, b), rng.uniform(-1, 1, 3), atol=1e-6, rtol=1e-5)


def test_intermediate_graph_is_not_kept():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = F.forget(lambda a: F.exp(a) * 2, x)
    assert y.creator.label == 'Forget'
    assert len(y.creator.inputs) == 1 and y.creator.inputs[0] is x.node


def test_multiple_outputs_and_partial_gradients():
    x = chainer.Variable(numpy.array([1., 2., 3.]))
    y = chainer.Variable(numpy.array([4., 5., 6.]))

    def func(a, b):
        return a * b, a + b

    p, s = F.forget(func, x, y)
    numpy.testing.assert_allclose(p.array, [4, 10, 18])
    numpy.testing.assert_allclose(s.array, [5, 7, 9])
    F.sum(p).backward()
    numpy.testing.assert_allclose(x.grad, [4, 5, 6])
    numpy.testing.assert_allclose(y.grad, [1, 2, 3])


def test_identity_and_array_inputs():
    y = F.forget(lambda a: a, numpy.array([1., 2.]))
    assert isinstance(y, chainer.Variable)
    x = chainer.Variable(numpy.array([1., 2.]))
    y = F.forget(lambda a: a, x)
    y.grad = numpy.array([3., 4.])
    y.backward()
    numpy.testing.assert_allclose(x.grad, [3., 4.])


def test_config_flags():
    seen = []

    def func(a):
        seen.append((chainer.config._will_recompute, chainer.config.in_recomputing,
                     chainer.config.enable_backprop))
        return a * 2

    x = chainer.Variable(numpy.ones(3))
    y = F.forget(func, x)
    y.grad = numpy.ones(3)
    y.backward()
    assert seen == [(True, False, False), (False, True, True)]
    assert not chainer.config.in_recomputing
    assert not chainer.config._will_recompute


def test_random_function_on_cpu_is_replayed():
    # the recomputation sees the same numpy random numbers as the forward pass
    x = chainer.Variable(numpy.random.uniform(1, 2, (20, 10)))
    y = F.forget(lambda a: F.dropout(a * 3, .5), x)
    y.grad = numpy.ones_like(y.array)
    state = numpy.random.get_state()[1].copy()
    y.backward()
    numpy.testing.assert_array_equal(numpy.random.get_state()[1], state)
    numpy.testing.assert_allclose(x.grad, (y.array != 0) * 6.)


def test_double_backprop_is_not_allowed():
    x = chainer.Variable(numpy.ones(3))
    y = F.forget(lambda a: a * a, x)
    with pytest.raises(RuntimeError, match='double backpropagation'):
        chainer.grad([F.sum(y)], [x], enable_double_backprop=True)


def test_bad_functions():
    x = numpy.ones(3, numpy.float32)
    with pytest.raises(TypeError, match='callable'):
        F.forget(1, x)
    with pytest.raises(RuntimeError, match='A tuple of Variables or a Variable'):
        F.forget(lambda a: a.array, x)
    with pytest.raises(RuntimeError, match='2nd element of a returned tuple'):
        F.forget(lambda a: (a * 1, a.array), x)
