import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(4, 3), (4, 3, 2), (1, 5), (0, 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBatchL2NormSquared(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.batch_l2_norm_squared(x),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        y = (x.reshape(len(x), -1 if x.size else 0) ** 2).sum(axis=1)
        return y.astype(self.dtype),


def test_batch_l2_norm_squared_label():
    y = F.batch_l2_norm_squared(chainer.Variable(numpy.ones((2, 3), numpy.float32)))
    assert y.creator.label == 'BatchL2NormSquared'
    testing.assert_allclose(y.array, [3.0, 3.0])


@pytest.mark.parametrize('shape,dtype', [((3,), numpy.float32), ((2, 3), numpy.int32)])
def test_batch_l2_norm_squared_invalid(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.batch_l2_norm_squared(numpy.ones(shape, dtype))
