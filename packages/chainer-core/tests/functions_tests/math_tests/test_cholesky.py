import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'n': [1, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCholesky(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        b = numpy.random.uniform(-1, 1, (self.n, self.n))
        return (b @ b.T + self.n * numpy.eye(self.n)).astype(self.dtype),

    def forward(self, inputs, device):
        a, = inputs
        # the gradient is defined for symmetric matrices: symmetrize inside the graph
        return F.cholesky((a + F.transpose(a)) * 0.5),

    def forward_expected(self, inputs):
        a, = inputs
        return numpy.linalg.cholesky(a.astype(numpy.float64)).astype(self.dtype),


def test_cholesky_label_and_value():
    a = numpy.array([[4.0, 2.0], [2.0, 5.0]], numpy.float32)
    y = F.cholesky(chainer.Variable(a))
    assert y.creator.label == 'cholesky'
    testing.assert_allclose(y.array, [[2.0, 0.0], [1.0, 2.0]])


@pytest.mark.parametrize('shape,dtype', [
    ((2, 3), numpy.float32), ((2, 2, 2), numpy.float32), ((2, 2), numpy.int32),
])
def test_cholesky_invalid(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.cholesky(numpy.ones(shape, dtype))
