import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shapes': [((3, 2), (3, 2)), ((), ()), ((3, 2), (2,)), ((1, 2), (3, 1))],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestArctan2(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        s1, s2 = self.shapes
        # keep away from the origin and from the branch cut (x2 < 0, x1 = 0)
        x1 = numpy.random.uniform(0.5, 2, s1) * numpy.random.choice([-1, 1], s1)
        x2 = numpy.random.uniform(0.5, 2, s2)
        return numpy.asarray(x1).astype(self.dtype), numpy.asarray(x2).astype(self.dtype)

    def forward(self, inputs, device):
        x1, x2 = inputs
        return F.arctan2(x1, x2),

    def forward_expected(self, inputs):
        x1, x2 = inputs
        y = numpy.arctan2(x1.astype(numpy.float64), x2.astype(numpy.float64))
        return numpy.asarray(y).astype(self.dtype),


def test_arctan2_quadrants():
    x1 = numpy.array([1.0, 1.0, -1.0, -1.0])
    x2 = numpy.array([1.0, -1.0, 1.0, -1.0])
    y = F.arctan2(chainer.Variable(x1), x2)
    assert y.creator.label == 'arctan2'
    testing.assert_allclose(y.array, numpy.arctan2(x1, x2))


@pytest.mark.parametrize('x1,x2', [
    (numpy.ones(3, numpy.int32), numpy.ones(3, numpy.int32)),
    (numpy.ones(3, numpy.float32), numpy.ones(3, numpy.int32)),
])
def test_arctan2_invalid_type(x1, x2):
    with pytest.raises(type_check.InvalidType):
        F.arctan2(x1, x2)


def test_arctan2_shapes_not_broadcastable():
    # as v7, whose arctan2 leaves broadcasting to NumPy: a ValueError, not InvalidType
    with pytest.raises(ValueError, match='arctan2') as e:
        F.arctan2(numpy.ones(3, numpy.float32), numpy.ones(2, numpy.float32))
    assert not isinstance(e.value, type_check.InvalidType)


def test_arctan2_double_backward_single_branch():
    # only one of the first-order gradients is used downstream
    x1 = chainer.Variable(numpy.array([0.5, -1.0]))
    x2 = chainer.Variable(numpy.array([1.5, 2.0]))
    g1, = chainer.grad([F.sum(F.arctan2(x1, x2))], [x1], enable_double_backprop=True)
    gg2, = chainer.grad([F.sum(g1)], [x2])
    a, b = x1.array, x2.array
    # d/dx2 [x2 / (x1^2 + x2^2)] = (x1^2 - x2^2) / (x1^2 + x2^2)^2
    testing.assert_allclose(gg2.array, (a * a - b * b) / (a * a + b * b) ** 2)


@pytest.mark.parametrize('dtype1,dtype2', [
    (numpy.float16, numpy.float32), (numpy.float32, numpy.float64),
    (numpy.float64, numpy.float16)])
def test_arctan2_mixed_dtypes(dtype1, dtype2):
    # v7 accepts mixed float dtypes and gives NumPy's result dtype; each gradient takes the
    # dtype of its input.
    x1 = chainer.Variable(numpy.array([0.5, -1.0, 2.0], dtype1))
    x2 = chainer.Variable(numpy.array([1.5, 2.0, -0.5], dtype2))
    y = F.arctan2(x1, x2)
    assert y.dtype == numpy.result_type(dtype1, dtype2)
    testing.assert_allclose(y.array, numpy.arctan2(x1.array, x2.array), atol=1e-3, rtol=1e-3)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert x1.grad.dtype == dtype1 and x2.grad.dtype == dtype2
    r = x1.array.astype('d') ** 2 + x2.array.astype('d') ** 2
    testing.assert_allclose(x1.grad, x2.array / r, atol=1e-3, rtol=1e-3)
    testing.assert_allclose(x2.grad, -x1.array / r, atol=1e-3, rtol=1e-3)
