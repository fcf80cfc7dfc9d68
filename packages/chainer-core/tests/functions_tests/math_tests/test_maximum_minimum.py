import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.math import maximum
from chainer.functions.math import minimum
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'op': ['maximum', 'minimum'],
    'shapes': [((3, 2), (3, 2)), ((), ()), ((3, 2), (2,)), ((3, 1), (1, 2)), ((3, 2), ())],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestMaximumMinimum(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        s1, s2 = self.shapes
        x1 = numpy.random.uniform(-1, 1, s1)
        x2 = numpy.random.uniform(-1, 1, s2)
        # keep the two inputs apart so that the selection is stable under perturbation
        b1, b2 = numpy.broadcast_arrays(x1, x2)
        close = numpy.abs(b1 - b2) < 0.1
        if close.any():
            return self.generate_inputs()
        return x1.astype(self.dtype), x2.astype(self.dtype)

    def forward(self, inputs, device):
        x1, x2 = inputs
        return getattr(F, self.op)(x1, x2),

    def forward_expected(self, inputs):
        x1, x2 = inputs
        return numpy.asarray(getattr(numpy, self.op)(x1, x2)).astype(self.dtype),


@pytest.mark.parametrize('op', ['maximum', 'minimum'])
def test_tie_goes_to_first_input(op):
    x1 = chainer.Variable(numpy.array([1.0, 2.0], numpy.float32))
    x2 = chainer.Variable(numpy.array([1.0, 0.0], numpy.float32))
    y = getattr(F, op)(x1, x2)
    assert y.creator.label == op.capitalize()
    F.sum(y).backward()
    expected = [1.0, 1.0] if op == 'maximum' else [1.0, 0.0]
    testing.assert_allclose(x1.grad, expected)
    testing.assert_allclose(x2.grad, 1 - numpy.array(expected))


@pytest.mark.parametrize('op', ['maximum', 'minimum'])
@pytest.mark.parametrize('x1,x2', [
    (numpy.ones(3, numpy.int32), numpy.ones(3, numpy.int32)),
    (numpy.ones(3, numpy.float32), numpy.ones(3, numpy.float64)),
    (numpy.ones((2, 3), numpy.float32), numpy.ones(2, numpy.float32)),
])
def test_invalid_type(op, x1, x2):
    with pytest.raises(type_check.InvalidType):
        getattr(F, op)(x1, x2)


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


BROADCAST = [((3, 4), (3, 4)), ((3, 1), (1, 4)), ((4,), (3, 4)), ((), (2, 3)), ((), ())]


@pytest.mark.parametrize('node_class,func', [(maximum.Maximum, F.maximum),
                                             (minimum.Minimum, F.minimum)])
@pytest.mark.parametrize('shapes', BROADCAST)
@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward(node_class, func, shapes, dtype):
    x1 = _uniform(shapes[0], dtype)
    x2 = _uniform(shapes[1], dtype, seed=1)
    out_shape = numpy.broadcast_shapes(*shapes)
    gy = _uniform(out_shape, dtype, seed=2)
    check_fast_backward(node_class, func, [x1, x2], [gy])


@pytest.mark.parametrize('node_class,func', [(maximum.Maximum, F.maximum),
                                             (minimum.Minimum, F.minimum)])
def test_fast_backward_ties(node_class, func):
    x1 = numpy.array([[0.5, 1.0], [-1.0, 2.0]], numpy.float32)
    x2 = numpy.array([[0.5, 0.0], [-1.0, 3.0]], numpy.float32)
    gy = _uniform((2, 2), numpy.float32)
    check_fast_backward(node_class, func, [x1, x2], [gy])
