import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.testing._tolerances import set_default_tolerances
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@testing.parameterize(*testing.product({
    'axis': [None, 0, -1, (0, 2), (-1, 0)],
    'keepdims': [True, False],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSum(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3, 2, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        return F.sum(inputs[0], axis=self.axis, keepdims=self.keepdims),

    def forward_expected(self, inputs):
        y = inputs[0].astype(numpy.float64).sum(axis=self.axis, keepdims=self.keepdims)
        return numpy.asarray(y).astype(self.dtype),


def test_sum_invalid_axis():
    with pytest.raises(type_check.InvalidType):
        F.sum(numpy.zeros((2, 3), 'f'), axis=2)
    with pytest.raises(ValueError):
        F.sum(numpy.zeros((2, 3), 'f'), axis=(0, 0))
    with pytest.raises(TypeError):
        F.sum(numpy.zeros((2, 3), 'f'), axis=1.5)
    with pytest.raises(type_check.InvalidType):
        F.sum(numpy.zeros((2, 3), 'i'))


@testing.parameterize(*testing.product({
    'shapes': [((2, 3, 4), (3, 1)), ((2, 3), (2, 3)), ((4, 3), (3,)), ((3,), ())],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSumTo(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shapes[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.sum_to(inputs[0], self.shapes[1]),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        target = self.shapes[1]
        lead = x.ndim - len(target)
        y = x.sum(axis=tuple(range(lead))) if lead else x
        for i, s in enumerate(target):
            if s == 1 and y.shape[i] != 1:
                y = y.sum(axis=i, keepdims=True)
        return numpy.asarray(y, self.dtype).reshape(target),


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize('shape,axis,keepdims', [
    ((3, 4), None, False), ((3, 4), 1, True), ((2, 3, 4), (0, 2), False),
    ((2, 3, 4), (-1, 0), True), ((), None, False), ((0, 3), 0, False),
    ((70, 80), 0, False)])  # a large one broadcasts to a view
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_sum(shape, axis, keepdims, dtype):
    x = _uniform(shape, dtype)
    gy = _uniform(numpy.sum(x, axis=axis, keepdims=keepdims).shape, dtype, seed=1)
    check_fast_backward(F.math.sum.Sum, lambda v: F.sum(v, axis, keepdims), [x], [gy])


@pytest.mark.parametrize('shapes', [((2, 3, 4), (3, 1)), ((4, 3), (3,)), ((3,), ()),
                                    ((2, 3), (1, 1))])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_sum_to(shapes, dtype):
    x = _uniform(shapes[0], dtype)
    gy = _uniform(shapes[1], dtype, seed=1)
    check_fast_backward(F.math.sum.SumTo, lambda v: F.sum_to(v, shapes[1]), [x], [gy])
