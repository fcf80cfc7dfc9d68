import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape_axis': [
        ((3, 4), None), ((3, 4), 0), ((3, 4), -1), ((2, 3, 4), (0, 2)), ((2, 3, 4), (2, 0)),
        ((), None), ((3,), 0),
    ],
    'keepdims': [False, True],
    'zeros': [0, 1, 2],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestProd(testing.FunctionTestCase):

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
        # exact zeros (one or two per array) exercise the zero-safe gradient
        flat[:min(self.zeros, flat.size)] = 0
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.prod(x, axis=self.axis, keepdims=self.keepdims),

    def forward_expected(self, inputs):
        x, = inputs
        y = numpy.prod(x.astype(numpy.float64), axis=self.axis, keepdims=self.keepdims)
        return numpy.asarray(y).astype(self.dtype),


def test_prod_gradient_with_zero():
    x = chainer.Variable(numpy.array([2.0, 0.0, 3.0]))
    y = F.prod(x)
    assert y.creator.label == 'Prod'
    y.backward()
    testing.assert_allclose(x.grad, [0.0, 6.0, 0.0])


def test_prod_invalid():
    with pytest.raises(type_check.InvalidType):
        F.prod(numpy.zeros((2, 3), numpy.int32))
    with pytest.raises(type_check.InvalidType):
        F.prod(numpy.zeros((2, 3), numpy.float32), axis=(0, 2))
    with pytest.raises(ValueError):
        F.prod(numpy.zeros((2, 3), numpy.float32), axis=(0, 0))
