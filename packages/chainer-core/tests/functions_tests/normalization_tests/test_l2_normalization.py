import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.normalization import l2_normalization as l2_module
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape_axis': [((4, 3), 1), ((4, 3), 0), ((2, 3, 4), (1, 2)), ((2, 3, 4), -1),
                   ((3,), 0), ((2, 3), None)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestNormalizeL2(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-2}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2,
                                           'rtol': 5e-2}
        else:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-4,
                                           'rtol': 1e-3}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        while True:  # norms away from zero (well conditioned)
            x = numpy.random.uniform(-1, 1, self.shape)
            if numpy.sqrt((x * x).sum(axis=self.axis)).min() > .5:
                return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.normalize(x, axis=self.axis),

    def forward_expected(self, inputs):
        x = inputs[0].astype(numpy.float64)
        norm = numpy.sqrt((x * x).sum(axis=self.axis, keepdims=True)) + 1e-5
        return (x / norm).astype(self.dtype),


def test_zero_vector_has_finite_gradients():
    x = chainer.Variable(numpy.array([[0., 0., 0.], [1., 2., 2.]]))
    y = F.normalize(x)
    gy = numpy.ones((2, 3))
    gx, = chainer.grad([y], [x], [gy], enable_double_backprop=True)
    numpy.testing.assert_allclose(gx.array[0], 1 / 1e-5)
    assert numpy.isfinite(gx.array).all()
    ggx, = chainer.grad([F.sum(gx * gx)], [x])
    assert numpy.isfinite(ggx.array).all()
    y.grad = gy
    y.backward()
    numpy.testing.assert_allclose(x.grad, gx.array)


def test_default_axis_and_eps():
    x = numpy.array([[3., 4.]], numpy.float32)
    numpy.testing.assert_allclose(F.normalize(x).array, [[3 / (5 + 1e-5), 4 / (5 + 1e-5)]],
                                  rtol=1e-6)
    numpy.testing.assert_allclose(F.normalize(x, eps=1.).array, [[.5, 4 / 6.]], rtol=1e-6)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.normalize(numpy.zeros((2, 3), numpy.int32))


@pytest.mark.parametrize('shape,axis', [((2, 3), 2), ((2, 3), -3), ((4,), 1), ((), 0)])
def test_axis_out_of_range(shape, axis):
    # NumPy's AxisError (a ValueError and an IndexError) as v7
    with pytest.raises(numpy.exceptions.AxisError):
        F.normalize(numpy.zeros(shape, numpy.float32), axis=axis)


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype,zero_row', [
    (numpy.float16, False), (numpy.float32, False), (numpy.float64, False),
    (numpy.float32, True), (numpy.float64, True)])  # 1 / eps overflows float16
@pytest.mark.parametrize('shape,axis', [((3, 4), 1), ((2, 3, 4), (1, 2)), ((3, 4), 0)])
def test_fast_backward(dtype, zero_row, shape, axis):
    x = _fast_uniform(shape, dtype)
    if zero_row:
        x[0] = 0
    gy = _fast_uniform(shape, dtype, seed=1)
    tol = {'atol': 1e-2, 'rtol': 1e-2} if dtype == numpy.float16 else {'rtol': 1e-5}
    check_fast_backward(l2_module.NormalizeL2, lambda v: F.normalize(v, axis=axis), [x],
                        [gy], **tol)
