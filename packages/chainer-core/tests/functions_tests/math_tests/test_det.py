import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'batched': [False, True],
    'n': [1, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDet(testing.FunctionTestCase):

    def setUp(self):
        self.shape = ((2, self.n, self.n) if self.batched else (self.n, self.n))
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        a = numpy.random.uniform(-1, 1, self.shape) * 0.3 + numpy.eye(self.n)
        return a.astype(self.dtype),

    def forward(self, inputs, device):
        a, = inputs
        return (F.batch_det(a) if self.batched else F.det(a)),

    def forward_expected(self, inputs):
        a, = inputs
        return numpy.asarray(numpy.linalg.det(a.astype(numpy.float64))).astype(self.dtype),


def test_det_values():
    a = numpy.array([[2.0, 1.0], [1.0, 3.0]], numpy.float32)
    y = F.det(a)
    assert y.shape == ()
    testing.assert_allclose(y.array, 5.0)
    y = F.batch_det(chainer.Variable(numpy.stack([a, 2 * a])))
    assert y.creator.label == 'det'  # v7's label of BatchDet
    testing.assert_allclose(y.array, [5.0, 20.0])


@pytest.mark.parametrize('shape,dtype', [
    ((2, 3), numpy.float32), ((2, 2, 2), numpy.float32), ((2, 2), numpy.int32),
])
def test_det_invalid(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.det(numpy.ones(shape, dtype))


@pytest.mark.parametrize('shape,dtype', [
    ((2, 3, 2), numpy.float32), ((2, 2), numpy.float32), ((1, 2, 2), numpy.int32),
])
def test_batch_det_invalid(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        F.batch_det(numpy.ones(shape, dtype))
