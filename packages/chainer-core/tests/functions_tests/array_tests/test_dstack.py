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
        [(2, 3, 4), (2, 3, 1)],
        [(2, 3, 1, 2), (2, 3, 2, 2)],
        [(2, 3), (2, 3)],
        [(3,), (3,), (3,)],
        [(), ()],
        [(2, 3)],
        [(3,)],
        [(2, 2, 2)],
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDstack(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, s).astype(self.dtype)
            for s in self.shapes)

    def forward(self, inputs, device):
        return functions.dstack(inputs),

    def forward_expected(self, inputs):
        return numpy.dstack(inputs),


@pytest.mark.parametrize('xs', [
    [numpy.zeros((2, 3, 1), 'f'), numpy.zeros((2, 2, 1), 'f')],
    [numpy.zeros((2, 3), 'f'), numpy.zeros((2, 2), 'f')],
    [numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3), 'd')],
    [numpy.zeros((2, 3), 'f'), numpy.zeros((2, 3, 1), 'f')],
])
def test_dstack_invalid_type(xs):
    with pytest.raises(type_check.InvalidType):
        functions.dstack(xs)


def test_dstack_empty_list_is_invalid():
    with pytest.raises(type_check.InvalidType):
        functions.dstack([])


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shapes', [
    [(3,), (3,)], [(3,)], [()], [(), ()], [(2, 3), (2, 3)], [(2, 3, 2), (2, 3, 2)],
    [(2, 3, 1), (2, 3, 2)],
])
def test_fast_backward(dtype, shapes):
    xs = [_uniform(s, dtype, i) for i, s in enumerate(shapes)]
    y_shape = numpy.dstack(xs).shape
    check_fast_backward(_stacking.JoinNode, lambda *v: F.dstack(v), xs,
                        [_uniform(y_shape, dtype, 9)])
