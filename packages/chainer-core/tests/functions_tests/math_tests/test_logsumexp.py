import numpy
import pytest
from scipy import special

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.math import logsumexp
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape_axis': [
        ((3, 4), None), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), (0, 2)), ((2, 3, 4), (-1, 0)),
        ((), None),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLogSumExp(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.logsumexp(x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        y = special.logsumexp(x.astype(numpy.float64), axis=self.axis)
        return numpy.asarray(y).astype(self.dtype),


def test_logsumexp_large_and_minus_inf():
    x = numpy.array([[1000.0, 1000.0], [-numpy.inf, -numpy.inf]], numpy.float32)
    y = F.logsumexp(chainer.Variable(x), axis=1)
    assert y.creator.label == 'LogSumExp'
    testing.assert_allclose(y.array[0], 1000 + numpy.log(2))
    assert y.array[1] == -numpy.inf


def test_logsumexp_invalid():
    with pytest.raises(type_check.InvalidType):
        F.logsumexp(numpy.zeros((2, 3), numpy.int32))
    with pytest.raises(type_check.InvalidType):
        F.logsumexp(numpy.zeros((2, 3), numpy.float32), axis=2)
    with pytest.raises(ValueError):
        F.logsumexp(numpy.zeros((2, 3), numpy.float32), axis=(1, 1))


def test_logsumexp_grad_is_softmax():
    x = chainer.Variable(numpy.array([[0.0, 1.0, 2.0]]))
    F.sum(F.logsumexp(x, axis=1)).backward()
    e = numpy.exp(x.array)
    testing.assert_allclose(x.grad, e / e.sum())


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('shape,axis', [((3, 4), None), ((3, 4), 1), ((3, 4), -2),
                                        ((2, 3, 4), (0, 2)), ((), None)])
@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward(shape, axis, dtype):
    x = _uniform(shape, dtype)
    y_shape = numpy.sum(numpy.zeros(shape), axis=axis).shape
    gy = _uniform(y_shape, dtype, seed=1)
    check_fast_backward(logsumexp.LogSumExp, lambda v: F.logsumexp(v, axis), [x], [gy])
