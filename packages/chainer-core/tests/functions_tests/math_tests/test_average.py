import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.math import average
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape_axis': [
        ((3, 4), None), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), (0, 2)), ((2, 3, 4), (-1,)),
        ((), None),
    ],
    'weighted': [False, True],
    'keepdims': [False, True],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestAverage(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.weighted and isinstance(self.axis, tuple) and len(self.axis) > 1:
            self.weighted = False  # tuple axes do not take weights
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def _w_shape(self):
        if self.axis is None:
            return self.shape
        ax = self.axis[0] if isinstance(self.axis, tuple) else self.axis
        return (self.shape[ax],)

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        if not self.weighted:
            return x,
        return x, numpy.random.uniform(0.5, 1.5, self._w_shape()).astype(self.dtype)

    def forward(self, inputs, device):
        x = inputs[0]
        w = inputs[1] if self.weighted else None
        return F.average(x, axis=self.axis, weights=w, keepdims=self.keepdims),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        if not self.weighted:
            y = numpy.mean(x, axis=self.axis, keepdims=self.keepdims)
        else:
            w = inputs[1].astype(numpy.float64)
            axis = self.axis[0] if isinstance(self.axis, tuple) else self.axis
            y = numpy.average(x, axis=axis, weights=w)
            if self.keepdims:
                y = numpy.expand_dims(y, tuple(range(x.ndim)) if axis is None else axis)
        return numpy.asarray(y).astype(self.dtype),


def test_mean_is_average():
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    testing.assert_allclose(F.mean(x, axis=1).array, [1.0, 4.0])
    assert F.mean(chainer.Variable(x)).creator.label == 'Mean'


def test_average_weight_errors():
    # as v7
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.average(x, weights=numpy.ones(2, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.average(x, axis=1, weights=numpy.ones(2, numpy.float32))
    with pytest.raises(ValueError):
        F.average(x, axis=(0, 1), weights=numpy.ones((2, 3), numpy.float32))


def test_average_weights_broadcast_without_axis():
    # as v7: the weights broadcast to x, the divider is the sum of the weights given
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    w = numpy.array([1, 2, 3], numpy.float32)
    y = F.average(x, weights=w)
    testing.assert_allclose(y.array, (x * w).sum() / w.sum())
    assert F.average(x, weights=w, keepdims=True).shape == (1, 1)


@pytest.mark.parametrize('w_shape', [(1, 3), (3, 1), (3,)])
def test_average_weights_of_any_shape_along_an_axis(w_shape):
    # as v7: any weights of x.shape[axis] elements
    x = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    w = numpy.array([1, 2, 3], numpy.float32)
    y = F.average(x, axis=-1, weights=w.reshape(w_shape))
    testing.assert_allclose(y.array, numpy.average(x, axis=1, weights=w))


def test_average_invalid():
    with pytest.raises(type_check.InvalidType):
        F.average(numpy.zeros((2, 3), numpy.int32))
    with pytest.raises(type_check.InvalidType):
        F.average(numpy.zeros((2, 3), numpy.float32), axis=2)
    with pytest.raises(ValueError):
        F.average(numpy.zeros((2, 3), numpy.float32), axis=(1, -1))
    with pytest.raises(TypeError):
        F.average(numpy.zeros((2, 3), numpy.float32), axis='0')


def test_average_weights_gradient():
    x = chainer.Variable(numpy.array([1.0, 3.0]))
    w = chainer.Variable(numpy.array([1.0, 3.0]))
    y = F.average(x, weights=w)
    testing.assert_allclose(y.array, 2.5)
    y.backward()
    testing.assert_allclose(x.grad, [0.25, 0.75])
    # d/dw (sum(w x) / sum(w)) = (x - y) / sum(w)
    testing.assert_allclose(w.grad, [(1 - 2.5) / 4, (3 - 2.5) / 4])


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


MEAN_CASES = [
    ((3, 4), None, False),
    ((3, 4), None, True),
    ((3, 4), 0, False),
    ((3, 4), -1, True),
    ((2, 3, 4), (0, 2), False),
    ((2, 3, 4), (2, 0), True),
    ((), None, False),
    ((0, 3), 1, False),
]


@pytest.mark.parametrize('shape,axis', [((0,), None), ((0, 3), 0), ((2, 0), (0, 1))])
def test_mean_of_no_elements(shape, axis):
    # as v7: the mean of an empty axis divides by zero
    with pytest.raises(ZeroDivisionError, match='F.mean'):
        F.mean(numpy.zeros(shape, numpy.float32), axis=axis)


@pytest.mark.parametrize('shape,axis,keepdims', MEAN_CASES)
@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward(shape, axis, keepdims, dtype):
    x = _uniform(shape, dtype)
    y_shape = numpy.sum(numpy.zeros(shape), axis=axis, keepdims=keepdims).shape
    gy = _uniform(y_shape, dtype, seed=1)
    check_fast_backward(average.Mean, lambda v: F.average(v, axis, keepdims=keepdims),
                        [x], [gy])
