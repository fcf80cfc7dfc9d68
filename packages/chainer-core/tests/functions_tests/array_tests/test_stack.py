import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import stack
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product_dict(
    [
        {'shape': (3, 4), 'axis': 0, 'n': 2},
        {'shape': (3, 4), 'axis': 1, 'n': 3},
        {'shape': (3, 4), 'axis': 2, 'n': 2},
        {'shape': (3, 4), 'axis': -1, 'n': 2},
        {'shape': (3, 4), 'axis': -2, 'n': 2},
        {'shape': (3, 4), 'axis': -3, 'n': 2},
        {'shape': (), 'axis': 0, 'n': 3},
        {'shape': (0, 2), 'axis': 1, 'n': 2},
        {'shape': (2,), 'axis': 0, 'n': 1},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestStack(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
            for _ in range(self.n))

    def forward(self, inputs, device):
        return functions.stack(inputs, self.axis),

    def forward_expected(self, inputs):
        return numpy.stack(inputs, self.axis),


def test_stack_default_axis():
    xs = [numpy.zeros((2, 3), 'f'), numpy.ones((2, 3), 'f')]
    y = functions.stack(xs)
    assert y.shape == (2, 2, 3)


@pytest.mark.parametrize('xs,axis', [
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 2), 'f')], 0),
    ([numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')], 0),
    ([numpy.zeros((2, 3), 'f')], 3),
    ([numpy.zeros((2, 3), 'f')], -4),
])
def test_stack_invalid_type(xs, axis):
    with pytest.raises(type_check.InvalidType):
        functions.stack(xs, axis)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,axis', [((2, 3), 0), ((2, 3), 1), ((2, 3), -1), ((), 0)])
def test_fast_backward_of_stack(dtype, shape, axis):
    xs = [_uniform(shape, dtype, i) for i in range(3)]
    _check_like_numpy(stack.Stack, lambda *v: F.stack(v, axis),
                      lambda *a: numpy.stack(a, axis), xs, dtype)
