import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.loss import huber_loss
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(4, 3), (2, 3, 2)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['sum_along_second_axis', 'no'],
    'delta': [0.5, 1.0],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestHuberLoss(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x = numpy.random.uniform(-2, 2, self.shape)
        t = numpy.random.uniform(-2, 2, self.shape)
        # keep |x - t| away from delta, where the second derivative jumps
        d = numpy.abs(x - t)
        close = numpy.abs(d - self.delta) < 0.1
        x[close] += numpy.sign(x - t)[close] * 0.3
        return x.astype(self.dtype), t.astype(self.dtype)

    def forward(self, inputs, device):
        x, t = inputs
        return F.huber_loss(x, t, self.delta, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        a = x.astype(numpy.float64) - t
        loss = numpy.where(numpy.abs(a) <= self.delta, 0.5 * a * a,
                           self.delta * (numpy.abs(a) - 0.5 * self.delta))
        if self.reduce == 'sum_along_second_axis':
            loss = loss.sum(axis=1)
        return loss.astype(self.dtype),


def test_invalid_reduce():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.huber_loss(x, x, 1.0, reduce='mean')


@pytest.mark.parametrize('x,t', [
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 2), numpy.float32)),
    (numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float64)),
    (numpy.zeros((2, 3), numpy.int32), numpy.zeros((2, 3), numpy.int32)),
])
def test_invalid_type(x, t):
    with pytest.raises(type_check.InvalidType):
        F.huber_loss(x, t, 1.0)


def test_one_dimensional_input():
    # as v7: the elementwise loss of reduce='no', an AxisError when summed along axis 1
    x = numpy.array([0.0, 3.0], numpy.float32)
    t = numpy.zeros(2, numpy.float32)
    numpy.testing.assert_allclose(F.huber_loss(x, t, 1.0, reduce='no').array, [0.0, 2.5])
    with pytest.raises(ValueError) as e:
        F.huber_loss(x, t, 1.0)
    assert isinstance(e.value, IndexError)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _pair(shape, dtype):
    return _uniform(shape, dtype, 0), _uniform(shape, dtype, 1)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (0, 2)])
@pytest.mark.parametrize('reduce', ['sum_along_second_axis', 'no'])
@pytest.mark.parametrize('delta', [0.5, 2.0])
def test_fast_backward_of_huber_loss(dtype, shape, reduce, delta):
    x0, x1 = _pair(shape, dtype)
    gy_shape = shape[:1] + shape[2:] if reduce == 'sum_along_second_axis' else shape
    check_fast_backward(huber_loss.HuberLoss, lambda a, b: F.huber_loss(a, b, delta, reduce),
                        [x0, x1], [_uniform(gy_shape, dtype, 2)])


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward_of_huber_loss_scalar(dtype):
    x0, x1 = _pair((), dtype)
    check_fast_backward(huber_loss.HuberLoss, lambda a, b: F.huber_loss(a, b, 0.5, 'no'),
                        [x0, x1], [_uniform((), dtype, 2)])
