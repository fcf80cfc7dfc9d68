import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.math import minmax
from chainer.testing._fast_backward import check_fast_backward


def _distinct_inputs(shape, dtype):
    # distinct values spaced apart so the selected element is stable under perturbation
    size = int(numpy.prod(shape))
    x = numpy.random.permutation(size).reshape(shape) * 0.1 - 0.3
    return numpy.asarray(x).astype(dtype)


@testing.parameterize(*testing.product({
    'op': ['max', 'min'],
    'shape_axis': [
        ((3, 4), None), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), (0, 2)), ((2, 3, 4), (-1, 0)),
        ((), None),
    ],
    'keepdims': [False, True],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestMaxMin(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2, 'eps': 1e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2, 'eps': 1e-2}
        else:
            self.check_backward_options = {'eps': 1e-2}
            self.check_double_backward_options = {'eps': 1e-2}

    def generate_inputs(self):
        return _distinct_inputs(self.shape, self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return getattr(F, self.op)(x, axis=self.axis, keepdims=self.keepdims),

    def forward_expected(self, inputs):
        x, = inputs
        f = numpy.amax if self.op == 'max' else numpy.amin
        return numpy.asarray(f(x, axis=self.axis, keepdims=self.keepdims)).astype(self.dtype),


def test_max_ties_share_gradient():
    x = chainer.Variable(numpy.array([[1.0, 3.0, 3.0], [2.0, 0.0, 1.0]], numpy.float32))
    y = F.max(x, axis=1)
    assert y.creator.label == 'Max'
    F.sum(y).backward()
    testing.assert_allclose(x.grad, [[0, 1, 1], [1, 0, 0]])


@pytest.mark.parametrize('op', ['max', 'min'])
@pytest.mark.parametrize('axis', [2, -3, (0, 2)])
def test_axis_out_of_range(op, axis):
    with pytest.raises(type_check.InvalidType):
        getattr(F, op)(numpy.zeros((2, 3), numpy.float32), axis=axis)


@pytest.mark.parametrize('op', ['max', 'min', 'argmax', 'argmin'])
def test_int_input_invalid(op):
    with pytest.raises(type_check.InvalidType):
        getattr(F, op)(numpy.zeros((2, 3), numpy.int32))


@pytest.mark.parametrize('op', ['max', 'min'])
def test_axis_errors(op):
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        getattr(F, op)(x, axis=(1, 1))
    with pytest.raises(TypeError):
        getattr(F, op)(x, axis=1.0)
    with pytest.raises(TypeError):
        getattr(F, op)(x, axis=[0])


@testing.parameterize(*testing.product({
    'op': ['argmax', 'argmin'],
    'shape_axis': [((3, 4), None), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), 1), ((), None)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestArgMaxMin(testing.FunctionTestCase):

    skip_backward_test = True
    skip_double_backward_test = True

    def setUp(self):
        self.shape, self.axis = self.shape_axis

    def generate_inputs(self):
        return _distinct_inputs(self.shape, self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return getattr(F, self.op)(x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(getattr(numpy, self.op)(x, axis=self.axis)).astype(numpy.int32),


@pytest.mark.parametrize('op', ['argmax', 'argmin'])
def test_argmax_label_and_dtype(op):
    x = chainer.Variable(numpy.array([[1.0, 3.0], [2.0, 0.0]], numpy.float32))
    y = getattr(F, op)(x, axis=0)
    assert y.dtype == numpy.int32
    assert y.creator.label == {'argmax': 'ArgMax', 'argmin': 'ArgMin'}[op]
    testing.assert_allclose(y.array, [1, 0] if op == 'argmax' else [0, 1])


@pytest.mark.parametrize('op', ['argmax', 'argmin'])
def test_argmax_axis_errors(op):
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        getattr(F, op)(x, axis=2)
    with pytest.raises(type_check.InvalidType):
        getattr(F, op)(x, axis=-3)
    with pytest.raises(TypeError):
        getattr(F, op)(x, axis=(0, 1))


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


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
@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward(node_class, func, shape, axis, keepdims, dtype):
    x = _uniform(shape, dtype)
    y_shape = numpy.amax(numpy.zeros(shape), axis=axis, keepdims=keepdims).shape
    gy = _uniform(y_shape, dtype, seed=1)
    check_fast_backward(node_class, lambda v: func(v, axis, keepdims), [x], [gy])


@pytest.mark.parametrize('node_class,func', [(minmax.Max, F.max), (minmax.Min, F.min)])
def test_fast_backward_ties(node_class, func):
    x = numpy.array([[1.0, 3.0, 3.0], [-2.0, -2.0, 0.5]], numpy.float32)
    gy = _uniform((2,), numpy.float32)
    check_fast_backward(node_class, lambda v: func(v, 1), [x], [gy])
