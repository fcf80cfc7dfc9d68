import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.functions.activation import log_softmax as log_softmax_module
from chainer.utils import type_check


def _ref_log_softmax(x, axis):
    x = x.astype(numpy.float64)
    m = x.max(axis=axis, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=axis, keepdims=True))


@testing.parameterize(*testing.product_dict(
    [{'shape': (2, 3), 'axis': 1},
     {'shape': (2, 3), 'axis': 0},
     {'shape': (2, 2, 3), 'axis': 2},
     {'shape': (2, 2, 3), 'axis': -2},
     {'shape': (0, 3), 'axis': 1}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
))
@testing.inject_backend_tests(None, [{}])
class TestLogSoftmax(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.log_softmax(x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return _ref_log_softmax(x, self.axis).astype(self.dtype),


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_log_softmax_stable_for_large_inputs(dtype):
    x = numpy.array([[1000.0, 0.0, -1000.0]], dtype)
    if dtype == numpy.float16:
        x = numpy.array([[30000.0, 0.0, -30000.0]], dtype)
    with numpy.errstate(over='raise'):
        y = F.log_softmax(x).array
    assert numpy.isfinite(y).all()
    assert y.dtype == dtype
    assert y[0, 0] == 0


def test_logsumexp_helper():
    x = numpy.random.uniform(-5, 5, (3, 4))
    for axis in (0, 1, (0, 1)):
        expected = numpy.log(numpy.exp(x).sum(axis=axis, keepdims=True))
        numpy.testing.assert_allclose(log_softmax_module.logsumexp(x, axis), expected)


def test_log_softmax_helper_matches_function():
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    numpy.testing.assert_allclose(
        log_softmax_module._log_softmax(x, axis=1), F.log_softmax(x).array)


@pytest.mark.parametrize('axis', [2, -3])
def test_log_softmax_invalid_axis(axis):
    with pytest.raises(type_check.InvalidType):
        F.log_softmax(numpy.zeros((2, 3), numpy.float32), axis=axis)


def test_log_softmax_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.log_softmax(numpy.zeros((2, 3), numpy.int32))
