import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

_SAMPLES = numpy.array([[1, 1], [0, 4], [3, 2], [4, 4]], numpy.int32)


def _sampler(shape):
    # as in Chainer v7, one id more per row is drawn: the first column is replaced by t
    assert shape == (len(_SAMPLES), _SAMPLES.shape[1] + 1)
    return numpy.concatenate([numpy.full((len(_SAMPLES), 1), 3, numpy.int32), _SAMPLES], 1)


def _softplus(v):
    return numpy.logaddexp(v, 0)


def _ref(x, t, W, reduce):
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    loss = numpy.zeros(len(x))
    for n in range(len(x)):
        if t[n] == -1:
            continue
        loss[n] = _softplus(-x[n].dot(W[t[n]]))
        for j in _SAMPLES[n]:
            loss[n] += _softplus(x[n].dot(W[j]))
    return numpy.asarray(loss.sum()) if reduce == 'sum' else loss


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['sum', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestNegativeSampling(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (4, 3)).astype(self.dtype)
        t = numpy.array([0, 2, -1, 4], numpy.int32)
        W = numpy.random.uniform(-1, 1, (5, 3)).astype(self.dtype)
        return x, t, W

    def forward(self, inputs, device):
        x, t, W = inputs
        return F.negative_sampling(x, t, W, _sampler, 2, reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t, W = inputs
        return _ref(x, t, W, self.reduce).astype(self.dtype),


def test_ignored_rows_have_no_gradient():
    x = chainer.Variable(numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32))
    W = chainer.Variable(numpy.random.uniform(-1, 1, (5, 3)).astype(numpy.float32))
    t = numpy.array([0, 2, -1, 4], numpy.int32)
    loss = F.negative_sampling(x, t, W, _sampler, 2, reduce='no')
    assert loss.array[2] == 0
    F.sum(loss).backward()
    assert (x.grad[2] == 0).all()


def test_return_samples():
    x = numpy.zeros((4, 3), numpy.float32)
    t = numpy.array([0, 2, -1, 4], numpy.int32)
    W = numpy.zeros((5, 3), numpy.float32)
    loss, samples = F.negative_sampling(x, t, W, _sampler, 2, return_samples=True)
    assert samples.shape == (4, 3)
    numpy.testing.assert_array_equal(samples[:, 0], t)
    numpy.testing.assert_array_equal(samples[:, 1:], _SAMPLES)
    testing.assert_allclose(loss.array, 3 * 3 * numpy.log(2), rtol=1e-6)
    with pytest.raises(TypeError):
        F.negative_sampling(x, t, W, _sampler, 2, return_sample=True)


def test_invalid():
    x = numpy.zeros((4, 3), numpy.float32)
    W = numpy.zeros((5, 3), numpy.float32)
    with pytest.raises(ValueError):
        F.negative_sampling(x, numpy.zeros(4, numpy.int32), W, _sampler, 2, reduce='mean')
    with pytest.raises(type_check.InvalidType):
        F.negative_sampling(x, numpy.zeros(4, numpy.int64), W, _sampler, 2)
    with pytest.raises(type_check.InvalidType):
        F.negative_sampling(x, numpy.zeros(3, numpy.int32), W, _sampler, 2)
    with pytest.raises(type_check.InvalidType):
        F.negative_sampling(x, numpy.zeros(4, numpy.int32), W.astype(numpy.float64),
                            _sampler, 2)
