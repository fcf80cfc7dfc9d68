import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape_axis': [((3, 4), None), ((3, 4), 0), ((3, 4), 1), ((3, 4), -1), ((2, 3, 4), -2),
                   ((4,), 0), ((1,), 0), ((), None)],
    'zeros': [0, 1, 2],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestCumprod(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-4}
            self.check_double_backward_options = {'atol': 1e-4, 'rtol': 1e-4}

    def generate_inputs(self):
        x = numpy.asarray(
            numpy.random.uniform(0.5, 1.5, self.shape) * numpy.random.choice([-1, 1], self.shape))
        flat = x.reshape(-1)
        # zeros at random places exercise the division-free gradient
        idx = numpy.random.permutation(flat.size)[:self.zeros]
        flat[idx] = 0
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.cumprod(x, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        y = numpy.cumprod(x.astype(numpy.float64), axis=self.axis)
        return numpy.asarray(y).astype(self.dtype),


def test_cumprod_gradient_with_zero():
    x = chainer.Variable(numpy.array([2.0, 0.0, 3.0]))
    F.sum(F.cumprod(x)).backward()
    # y = [x0, x0 x1, x0 x1 x2]
    testing.assert_allclose(x.grad, [1.0, 2.0 + 6.0, 0.0])


def test_cumprod_invalid():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.cumprod(x, axis=2)
    with pytest.raises(type_check.InvalidType):
        F.cumprod(numpy.zeros((2, 3), numpy.int32), axis=0)
    with pytest.raises(TypeError):
        F.cumprod(x, axis=(0, 1))
    assert F.cumprod(chainer.Variable(x), 0).creator.label == 'Cumprod'
