import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape': [(3, 4), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLinearInterpolate(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        p = numpy.random.uniform(0, 1, self.shape).astype(self.dtype)
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        y = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        return p, x, y

    def forward(self, inputs, device):
        p, x, y = inputs
        return F.linear_interpolate(p, x, y),

    def forward_expected(self, inputs):
        p, x, y = [a.astype(numpy.float64) for a in inputs]
        return numpy.asarray(p * x + (1 - p) * y).astype(self.dtype),


def test_linear_interpolate_partial_double_backward():
    p = chainer.Variable(numpy.array([0.25, 0.5]))
    x = chainer.Variable(numpy.array([1.0, 2.0]))
    y = chainer.Variable(numpy.array([3.0, -1.0]))
    z = F.linear_interpolate(p, x, y)
    assert z.creator.label == 'LinearInterpolate'
    gp, = chainer.grad([F.sum(z * z)], [p], enable_double_backprop=True)
    # gp = 2 z (x - y); d(sum gp)/dx = 2 p (x - y) + 2 z
    gx, = chainer.grad([F.sum(gp)], [x])
    zz = z.array
    testing.assert_allclose(gx.array, 2 * p.array * (x.array - y.array) + 2 * zz)


@pytest.mark.parametrize('shapes,dtypes', [
    (((2,), (2,), (3,)), ('f', 'f', 'f')),
    (((2,), (2,), (2,)), ('f', 'd', 'f')),
    (((2,), (2,), (2,)), ('i', 'i', 'i')),
])
def test_linear_interpolate_invalid(shapes, dtypes):
    args = [numpy.zeros(s, d) for s, d in zip(shapes, dtypes)]
    with pytest.raises(type_check.InvalidType):
        F.linear_interpolate(*args)
