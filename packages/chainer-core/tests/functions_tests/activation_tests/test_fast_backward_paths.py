"""The array-level backward (``_backward_arrays``) of activations equals ``backward``."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.activation import clipped_relu
from chainer.functions.activation import elu
from chainer.functions.activation import hard_sigmoid
from chainer.functions.activation import leaky_relu
from chainer.functions.activation import log_softmax
from chainer.functions.activation import prelu
from chainer.functions.activation import sigmoid
from chainer.functions.activation import softmax
from chainer.functions.activation import softplus
from chainer.functions.activation import swish
from chainer.functions.activation import tanh
from chainer.testing._fast_backward import check_fast_backward

DTYPES = [numpy.float16, numpy.float32, numpy.float64]
SHAPES = [(3, 4), (), (0, 3)]


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    rng = numpy.random.RandomState(seed)
    return rng.uniform(low, high, shape).astype(dtype)


# (node class, function, input range): elementwise activations of one input
_ELEMENTWISE = [
    (sigmoid.Sigmoid, F.sigmoid, (-3, 3)),
    (tanh.Tanh, F.tanh, (-2, 2)),
    (hard_sigmoid.HardSigmoid, F.hard_sigmoid, (-4, 4)),
    (clipped_relu.ClippedReLU, lambda v: F.clipped_relu(v, 0.75), (-2, 8)),
    (clipped_relu.ClippedReLU, F.relu6, (-2, 8)),
] + [(leaky_relu.LeakyReLU, lambda v, s=slope: F.leaky_relu(v, s), (-1, 1))
     for slope in (0.2, 0.0, -0.5, 1.5)] \
  + [(elu.ELU, lambda v, a=alpha: F.elu(v, a), (-2, 2)) for alpha in (1.0, 0.5, -0.7)]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', SHAPES)
@pytest.mark.parametrize('node_class, func, bounds', _ELEMENTWISE)
def test_elementwise(dtype, shape, node_class, func, bounds):
    x = _uniform(shape, dtype, *bounds)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(node_class, func, [x], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', SHAPES)
@pytest.mark.parametrize('beta', [1.0, 2.5, -0.5])
def test_softplus(dtype, shape, beta):
    x = _uniform(shape, dtype, -3, 3)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(softplus.Softplus, lambda v: F.softplus(v, beta), [x], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,beta_shape', [
    ((3, 4), (4,)), ((2, 3, 4), (3,)), ((2, 3, 4), (3, 4)), ((2, 3), ()), ((0, 3), (3,))])
def test_swish(dtype, x_shape, beta_shape):
    x = _uniform(x_shape, dtype, -2, 2)
    beta = _uniform(beta_shape, dtype, 0.5, 2, seed=2)
    gy = _uniform(x_shape, dtype, seed=1)
    check_fast_backward(swish.Swish, F.swish, [x, beta], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,w_shape', [
    ((3, 4), (4,)), ((2, 3, 4), (3,)), ((2, 3, 4), (3, 4)), ((2, 3), ()), ((0, 3), (3,))])
def test_prelu(dtype, x_shape, w_shape):
    x = _uniform(x_shape, dtype)
    W = _uniform(w_shape, dtype, -0.5, 0.5, seed=2)
    gy = _uniform(x_shape, dtype, seed=1)
    check_fast_backward(prelu.PReLUFunction, F.prelu, [x, W], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis', [
    ((3, 4), 1), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), 2), ((4,), 0), ((0, 3), 1)])
def test_softmax(dtype, shape, axis):
    x = _uniform(shape, dtype, -2, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(softmax.Softmax, lambda v: F.softmax(v, axis), [x], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,axis', [
    ((3, 4), 1), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), 2), ((4,), 0), ((0, 3), 1)])
def test_log_softmax(dtype, shape, axis):
    x = _uniform(shape, dtype, -2, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(log_softmax.LogSoftmax, lambda v: F.log_softmax(v, axis), [x], [gy])


@pytest.mark.parametrize('node_class,func', [
    (swish.Swish, F.swish), (prelu.PReLUFunction, F.prelu)])
@pytest.mark.parametrize('needed', [(0,), (1,)])
def test_two_input_nodes_one_gradient(node_class, func, needed):
    # only one of (x, parameter) requires a gradient: the fast path returns one entry
    x = _uniform((2, 3), numpy.float32)
    p = _uniform((3,), numpy.float32, 0.5, 1.5, seed=2)
    gy = _uniform((2, 3), numpy.float32, seed=1)
    calls = []
    fast = node_class._backward_arrays

    def spy(self, indexes, gys):
        calls.append(indexes)
        return fast(self, indexes, gys)

    results = {}
    node_class._backward_arrays = spy
    try:
        for double in (False, True):
            xv = chainer.Variable(x, requires_grad=0 in needed)
            pv = chainer.Variable(p, requires_grad=1 in needed)
            y = func(xv, pv)
            target = xv if 0 in needed else pv
            gx, = chainer.grad([y], [target], [chainer.Variable(gy)],
                               enable_double_backprop=double)
            results[double] = gx.array
    finally:
        node_class._backward_arrays = fast
    assert calls == [needed]
    numpy.testing.assert_allclose(results[False], results[True], rtol=1e-6)
