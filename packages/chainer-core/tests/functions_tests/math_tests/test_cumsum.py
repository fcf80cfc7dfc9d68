import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape_axis': [((3, 4), None), ((3, 4), 0), ((3, 4), 1), ((3, 4), -1), ((2, 3, 4), -2),
                   ((4,), 0), ((), None)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCumsum(testing.FunctionTestCase):

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
        return F.cumsum(x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        y = numpy.cumsum(x.astype(numpy.float64), axis=self.axis)
        return numpy.asarray(y).astype(self.dtype),


def test_cumsum_invalid():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.cumsum(x, axis=2)
    with pytest.raises(type_check.InvalidType):
        F.cumsum(x, axis=-3)
    with pytest.raises(type_check.InvalidType):
        F.cumsum(numpy.zeros((2, 3), numpy.int32))
    with pytest.raises(TypeError):
        F.cumsum(x, axis=(0, 1))
    assert F.cumsum(chainer.Variable(x), 0).creator.label == 'Cumsum'
