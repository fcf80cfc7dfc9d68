import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.loss import sigmoid_cross_entropy
from chainer.testing._fast_backward import check_fast_backward


def _ref(x, t, normalize, reduce):
    x = x.astype(numpy.float64)
    p = 1 / (1 + numpy.exp(-x))
    valid = t != -1
    loss = numpy.where(valid, -(t * numpy.log(p) + (1 - t) * numpy.log(1 - p)), 0)
    if reduce == 'no':
        return loss
    count = valid.sum() if normalize else len(x)
    return numpy.asarray(loss.sum() / max(count, 1))


@testing.parameterize(*testing.product({
    'shape': [(4, 3), (5,)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'normalize': [True, False],
    'reduce': ['mean', 'no'],
    'ignore_all': [False],
}) + [{'shape': (3, 2), 'dtype': numpy.float32, 'normalize': True, 'reduce': 'mean',
       'ignore_all': True}])
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSigmoidCrossEntropy(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x = numpy.random.uniform(-3, 3, self.shape).astype(self.dtype)
        t = numpy.random.randint(0, 2, self.shape).astype(numpy.int32)
        t.ravel()[0] = -1
        if self.ignore_all:
            t[...] = -1
        return x, t

    def forward(self, inputs, device):
        x, t = inputs
        return F.sigmoid_cross_entropy(x, t, normalize=self.normalize, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t = inputs
        return _ref(x, t, self.normalize, self.reduce).astype(self.dtype),


def test_stable_for_large_inputs():
    x = numpy.array([100.0, -100.0, 100.0], numpy.float32)
    t = numpy.array([1, 0, 0], numpy.int32)
    loss = F.sigmoid_cross_entropy(x, t, reduce='no')
    testing.assert_allclose(loss.array, [0, 0, 100], atol=1e-5)


def test_no_gradient_for_labels():
    x = chainer.Variable(numpy.zeros((2, 2), numpy.float32))
    t = chainer.Variable(numpy.array([[0, 1], [1, -1]], numpy.int32))
    F.sigmoid_cross_entropy(x, t).backward()
    assert t.grad is None
    testing.assert_allclose(x.grad, [[1 / 6, -1 / 6], [-1 / 6, 0]])


def test_invalid():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.sigmoid_cross_entropy(x, numpy.zeros((2, 3), numpy.int32), reduce='sum')
    with pytest.raises(type_check.InvalidType):
        F.sigmoid_cross_entropy(x, numpy.zeros((2, 2), numpy.int32))
    with pytest.raises(type_check.InvalidType):
        F.sigmoid_cross_entropy(x, numpy.zeros((2, 3), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.sigmoid_cross_entropy(numpy.zeros((2, 3), numpy.int32),
                                numpy.zeros((2, 3), numpy.int32))


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _pair(shape, dtype):
    return _uniform(shape, dtype, 0), _uniform(shape, dtype, 1)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2), (0, 3)])
@pytest.mark.parametrize('normalize', [True, False])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_fast_backward_of_sigmoid_cross_entropy(dtype, shape, normalize, reduce):
    x = _uniform(shape, dtype) * 4
    t = numpy.random.RandomState(1).randint(-1, 2, shape).astype(numpy.int32)
    gy_shape = () if reduce == 'mean' else shape
    check_fast_backward(
        sigmoid_cross_entropy.SigmoidCrossEntropy,
        lambda a, b: F.sigmoid_cross_entropy(a, b, normalize, reduce), [x, t],
        [_uniform(gy_shape, dtype, 2)])


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward_of_sigmoid_cross_entropy_all_ignored(dtype):
    x = _uniform((2, 3), dtype)
    t = numpy.full((2, 3), -1, numpy.int64)
    check_fast_backward(sigmoid_cross_entropy.SigmoidCrossEntropy, F.sigmoid_cross_entropy,
                        [x, t], [_uniform((), dtype, 2)])


@pytest.mark.filterwarnings('error::RuntimeWarning')
def test_float16_mean_of_many_elements_stays_finite():
    # as v7: 60000 losses of log(2) sum past float16's range; their mean does not
    x = numpy.zeros((200, 300), numpy.float16)
    t = numpy.zeros((200, 300), numpy.int32)
    y = F.sigmoid_cross_entropy(x, t)
    assert y.dtype == numpy.float16
    testing.assert_allclose(y.array, numpy.log(2), atol=1e-3, rtol=0)
