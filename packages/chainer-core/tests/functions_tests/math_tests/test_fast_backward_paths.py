"""The array-level backward (``_backward_arrays``) of the math nodes equals their ``backward``."""
import numpy
import pytest

import chainer.functions as F
from chainer.functions.math import average
from chainer.functions.math import basic_math
from chainer.functions.math import clip
from chainer.functions.math import exponential
from chainer.functions.math import exponential_m1
from chainer.functions.math import hyperbolic
from chainer.functions.math import identity
from chainer.functions.math import logarithm_1p
from chainer.functions.math import logsumexp
from chainer.functions.math import maximum
from chainer.functions.math import minimum
from chainer.functions.math import minmax
from chainer.functions.math import sqrt
from chainer.functions.math import square
from chainer.functions.math import trigonometric
from chainer.testing._fast_backward import check_fast_backward

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


UNARY = [
    (exponential.Exp, F.exp, -1, 1),
    (exponential.Log, F.log, 0.5, 2),
    (exponential.Log2, F.log2, 0.5, 2),
    (exponential.Log10, F.log10, 0.5, 2),
    (exponential_m1.Expm1, F.expm1, -1, 1),
    (logarithm_1p.Log1p, F.log1p, -0.5, 1),
    (sqrt.Sqrt, F.sqrt, 0.5, 2),
    (square.Square, F.square, -1, 1),
    (trigonometric.Sin, F.sin, -2, 2),
    (trigonometric.Cos, F.cos, -2, 2),
    (hyperbolic.Sinh, F.sinh, -1, 1),
    (hyperbolic.Cosh, F.cosh, -1, 1),
]


@pytest.mark.parametrize('node_class,func,low,high', UNARY,
                         ids=[u[0].__name__ for u in UNARY])
@pytest.mark.parametrize('shape', [(3, 4), (), (0, 2)])
@pytest.mark.parametrize('dtype', DTYPES)
def test_unary(node_class, func, low, high, shape, dtype):
    x = _uniform(shape, dtype, low, high)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(node_class, func, [x], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
def test_identity_one(dtype):
    x = _uniform((3, 2), dtype)
    gy = _uniform((3, 2), dtype, seed=1)
    check_fast_backward(identity.Identity, F.identity, [x], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('with_none', [False, True])
def test_identity_many(dtype, with_none):
    xs = [_uniform((3, 2), dtype), _uniform((), dtype, seed=1), _uniform((4,), dtype, seed=2)]
    gys = [_uniform((3, 2), dtype, seed=3), None if with_none else _uniform((), dtype, seed=4),
           _uniform((4,), dtype, seed=5)]
    check_fast_backward(identity.Identity, F.identity, xs, gys)


MEAN_CASES = [
    ((3, 4), None, False),
    ((3, 4), None, True),
    ((3, 4), 0, False),
    ((3, 4), -1, True),
    ((2, 3, 4), (0, 2), False),
    ((2, 3, 4), (2, 0), True),
    ((), None, False),
    ((0, 3), 1, False),
    ((0, 3), 0, False),
]


@pytest.mark.filterwarnings('ignore:Mean of empty slice', 'ignore:invalid value encountered')
@pytest.mark.parametrize('shape,axis,keepdims', MEAN_CASES)
@pytest.mark.parametrize('dtype', DTYPES)
def test_mean(shape, axis, keepdims, dtype):
    x = _uniform(shape, dtype)
    y_shape = numpy.sum(numpy.zeros(shape), axis=axis, keepdims=keepdims).shape
    gy = _uniform(y_shape, dtype, seed=1)
    check_fast_backward(average.Mean, lambda v: F.average(v, axis, keepdims=keepdims),
                        [x], [gy])


@pytest.mark.parametrize('bounds', [(-0.5, 0.5), (None, 0.2), (-0.2, None)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', DTYPES)
def test_clip(bounds, shape, dtype):
    x = _uniform(shape, dtype)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(clip.Clip, lambda v: F.clip(v, *bounds), [x], [gy])


BROADCAST = [((3, 4), (3, 4)), ((3, 1), (1, 4)), ((4,), (3, 4)), ((), (2, 3)), ((), ())]


@pytest.mark.parametrize('node_class,func', [(maximum.Maximum, F.maximum),
                                             (minimum.Minimum, F.minimum)])
@pytest.mark.parametrize('shapes', BROADCAST)
@pytest.mark.parametrize('dtype', DTYPES)
def test_maximum_minimum(node_class, func, shapes, dtype):
    x1 = _uniform(shapes[0], dtype)
    x2 = _uniform(shapes[1], dtype, seed=1)
    out_shape = numpy.broadcast_shapes(*shapes)
    gy = _uniform(out_shape, dtype, seed=2)
    check_fast_backward(node_class, func, [x1, x2], [gy])


@pytest.mark.parametrize('node_class,func', [(maximum.Maximum, F.maximum),
                                             (minimum.Minimum, F.minimum)])
def test_maximum_minimum_ties(node_class, func):
    x1 = numpy.array([[0.5, 1.0], [-1.0, 2.0]], numpy.float32)
    x2 = numpy.array([[0.5, 0.0], [-1.0, 3.0]], numpy.float32)
    gy = _uniform((2, 2), numpy.float32)
    check_fast_backward(node_class, func, [x1, x2], [gy])


REDUCE_CASES = [
    ((3, 4), None, False),
    ((3, 4), 1, False),
    ((3, 4), -2, True),
    ((2, 3, 4), (0, 2), False),
    ((2, 3, 4), (1,), True),
    ((), None, False),
]


@pytest.mark.parametrize('node_class,func', [(minmax.Max, F.max), (minmax.Min, F.min)])
@pytest.mark.parametrize('shape,axis,keepdims', REDUCE_CASES)
@pytest.mark.parametrize('dtype', DTYPES)
def test_max_min(node_class, func, shape, axis, keepdims, dtype):
    x = _uniform(shape, dtype)
    y_shape = numpy.amax(numpy.zeros(shape), axis=axis, keepdims=keepdims).shape
    gy = _uniform(y_shape, dtype, seed=1)
    check_fast_backward(node_class, lambda v: func(v, axis, keepdims), [x], [gy])


@pytest.mark.parametrize('node_class,func', [(minmax.Max, F.max), (minmax.Min, F.min)])
def test_max_min_ties(node_class, func):
    x = numpy.array([[1.0, 3.0, 3.0], [-2.0, -2.0, 0.5]], numpy.float32)
    gy = _uniform((2,), numpy.float32)
    check_fast_backward(node_class, lambda v: func(v, 1), [x], [gy])


@pytest.mark.parametrize('shape,axis', [((3, 4), None), ((3, 4), 1), ((3, 4), -2),
                                        ((2, 3, 4), (0, 2)), ((), None)])
@pytest.mark.parametrize('dtype', DTYPES)
def test_logsumexp(shape, axis, dtype):
    x = _uniform(shape, dtype)
    y_shape = numpy.sum(numpy.zeros(shape), axis=axis).shape
    gy = _uniform(y_shape, dtype, seed=1)
    check_fast_backward(logsumexp.LogSumExp, lambda v: F.logsumexp(v, axis), [x], [gy])


@pytest.mark.parametrize('value', [2.0, -3, numpy.float64(0.5)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', DTYPES)
def test_div_from_constant(value, shape, dtype):
    x = _uniform(shape, dtype, 0.5, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(basic_math.DivFromConstant, lambda v: value / v, [x], [gy])


@pytest.mark.parametrize('shapes', BROADCAST)
@pytest.mark.parametrize('dtype', DTYPES)
def test_pow_var_var(shapes, dtype):
    x0 = _uniform(shapes[0], dtype, 0.5, 2)
    x1 = _uniform(shapes[1], dtype, -1, 2, seed=1)
    gy = _uniform(numpy.broadcast_shapes(*shapes), dtype, seed=2)
    check_fast_backward(basic_math.PowVarVar, lambda a, b: a ** b, [x0, x1], [gy])


@pytest.mark.parametrize('dtype', DTYPES)
def test_rpow_var_var(dtype):
    x0 = _uniform((3, 2), dtype, 0.5, 2)
    x1 = _uniform((3, 2), dtype, -1, 2, seed=1)
    gy = _uniform((3, 2), dtype, seed=2)
    # ``x1.__rpow__`` with a Variable on the left: the exponent is input 1 of the node
    check_fast_backward(basic_math.PowVarVar, lambda a, b: b.__rpow__(a), [x0, x1], [gy])


@pytest.mark.parametrize('value', [2, 2.0, 3.0, -1.5, 0.5, numpy.float32(1.5)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', DTYPES)
def test_pow_var_const(value, shape, dtype):
    x = _uniform(shape, dtype, 0.5, 2)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(basic_math.PowVarConst, lambda v: v ** value, [x], [gy])


@pytest.mark.parametrize('value', [2.0, 3, 0.5, numpy.float64(1.5)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', DTYPES)
def test_pow_const_var(value, shape, dtype):
    x = _uniform(shape, dtype)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(basic_math.PowConstVar, lambda v: value ** v, [x], [gy])
