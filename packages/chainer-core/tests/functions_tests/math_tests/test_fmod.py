import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [((3, 2), (3, 2)), ((), ()), ((3, 2), (2,)), ((3, 1), (1, 2)), ((2,), (3, 2)),
              ((3, 2), ())],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFmod(testing.FunctionTestCase):

    dodge_nondifferentiable = True

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2, 'eps': 1e-3}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2, 'eps': 1e-3}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3, 'eps': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3, 'eps': 1e-3}

    def generate_inputs(self):
        x_shape, divisor_shape = self.shape  # the shapes broadcast together, as in v7
        x = numpy.random.uniform(-5, 5, x_shape)
        divisor = numpy.random.uniform(0.5, 2, divisor_shape) * numpy.random.choice(
            [-1, 1], divisor_shape)
        return numpy.asarray(x).astype(self.dtype), numpy.asarray(divisor).astype(self.dtype)

    def forward(self, inputs, device):
        x, divisor = inputs
        return F.fmod(x, divisor),

    def forward_expected(self, inputs):
        x, divisor = inputs
        y = numpy.fmod(x.astype(numpy.float64), divisor.astype(numpy.float64))
        return numpy.asarray(y).astype(self.dtype),


def test_fmod_sign_follows_dividend():
    y = F.fmod(chainer.Variable(numpy.array([-3.5, 3.5])), numpy.array([2.0, -2.0]))
    assert y.creator.label == 'fmod'
    testing.assert_allclose(y.array, [-1.5, 1.5])


@pytest.mark.parametrize('x,d', [
    (numpy.ones(3, numpy.int32), numpy.ones(3, numpy.int32)),
    (numpy.ones(3, numpy.float32), numpy.ones(3, numpy.float64)),
])
def test_fmod_invalid_type(x, d):
    with pytest.raises(type_check.InvalidType):
        F.fmod(x, d)


def test_fmod_shapes_not_broadcastable():
    # as v7, whose fmod leaves broadcasting to NumPy: a ValueError, not InvalidType
    with pytest.raises(ValueError, match='fmod') as e:
        F.fmod(numpy.ones((2, 3), numpy.float32), numpy.ones((3, 2), numpy.float32))
    assert not isinstance(e.value, type_check.InvalidType)
