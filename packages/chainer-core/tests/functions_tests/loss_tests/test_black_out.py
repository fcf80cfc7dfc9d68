import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

_SAMPLES = numpy.array([[1, 3], [0, 0], [4, 2]], numpy.int32)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'reduce': ['mean', 'no'],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBlackOut(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (3, 2)).astype(self.dtype)
        t = numpy.array([0, 2, 3], numpy.int32)
        W = numpy.random.uniform(-1, 1, (5, 2)).astype(self.dtype)
        return x, t, W

    def forward(self, inputs, device):
        x, t, W = inputs
        return F.black_out(x, t, W, device.send(_SAMPLES), reduce=self.reduce),

    def forward_expected(self, inputs):
        x, t, W = (v.astype(numpy.float64) if v.dtype.kind == 'f' else v for v in inputs)
        loss = numpy.zeros(len(x))
        for n in range(len(x)):
            p = x[n].dot(W[t[n]])
            q = numpy.array([x[n].dot(W[j]) for j in _SAMPLES[n]])
            logz = numpy.log(numpy.exp(p) + numpy.exp(q).sum())
            loss[n] = -(p - logz + numpy.log(1 - numpy.exp(q - logz)).sum())
        if self.reduce == 'mean':
            loss = numpy.asarray(loss.mean())
        return loss.astype(self.dtype),


def test_invalid_reduce():
    x = numpy.zeros((3, 2), numpy.float32)
    with pytest.raises(ValueError):
        F.black_out(x, numpy.zeros(3, numpy.int32), numpy.zeros((5, 2), numpy.float32),
                    _SAMPLES, reduce='sum')


def test_input_size_mismatch():
    # as in v7, an x narrower than the embeddings fails in MatMul's type check
    x = numpy.zeros((3, 2), numpy.float32)
    with pytest.raises(type_check.InvalidType, match='MatMul'):
        F.black_out(x, numpy.zeros(3, numpy.int32), numpy.zeros((5, 4), numpy.float32),
                    _SAMPLES)


@pytest.mark.parametrize('x_dtype, W_dtype, y_dtype', [
    (numpy.float64, numpy.float32, numpy.float64), (numpy.float32, numpy.float64, numpy.float64),
    (numpy.float16, numpy.float32, numpy.float32)])
def test_inputs_of_different_float_dtypes(x_dtype, W_dtype, y_dtype):
    # as in v7: the loss has the promoted dtype, each gradient its input's
    rng = numpy.random.RandomState(0)
    x = chainer.Variable(rng.uniform(-1, 1, (3, 2)).astype(x_dtype))
    W = chainer.Variable(rng.uniform(-1, 1, (5, 2)).astype(W_dtype))
    t = numpy.array([0, 2, 3], numpy.int32)
    loss = F.black_out(x, t, W, _SAMPLES)
    assert loss.dtype == y_dtype
    expected = F.black_out(x.array.astype(numpy.float64), t, W.array.astype(numpy.float64),
                           _SAMPLES)
    testing.assert_allclose(loss.array, expected.array, atol=1e-3, rtol=1e-3)
    loss.backward()
    assert (x.grad.dtype, W.grad.dtype) == (x_dtype, W_dtype)
