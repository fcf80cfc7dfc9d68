import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import _stacking
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shapes': [
        [(2, 3, 4), (1, 3, 4)],
        [(2, 3), (1, 3), (3, 3)],
        [(3,), (3,)],
        [(), ()],
        [(0, 3), (2, 3)],
        [(4,)],
        [(4, 2)],
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestVstack(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, s).astype(self.dtype)
            for s in self.shapes)

    def forward(self, inputs, device):
        return functions.vstack(inputs),

    def forward_expected(self, inputs):
        return numpy.vstack(inputs),


@pytest.mark.parametrize('xs', [
    [numpy.zeros((2, 3), 'f'), numpy.zeros((2, 2), 'f')],
    [numpy.zeros((3,), 'f'), numpy.zeros((2,), 'f')],
    [numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')],
    [numpy.zeros((2, 3), 'f'), numpy.zeros((3,), 'f')],
])
def test_vstack_invalid_type(xs):
    with pytest.raises(type_check.InvalidType):
        functions.vstack(xs)


def test_vstack_empty_list_is_invalid():
    with pytest.raises(type_check.InvalidType):
        functions.vstack([])


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shapes', [
    [(3,), (3,)], [(3,)], [()], [(), ()], [(2, 3), (2, 3)], [(2, 3, 2), (2, 3, 2)],
    [(1, 3), (2, 3)],
])
def test_fast_backward(dtype, shapes):
    xs = [_uniform(s, dtype, i) for i, s in enumerate(shapes)]
    y_shape = numpy.vstack(xs).shape
    check_fast_backward(_stacking.JoinNode, lambda *v: F.vstack(v), xs,
                        [_uniform(y_shape, dtype, 9)])
