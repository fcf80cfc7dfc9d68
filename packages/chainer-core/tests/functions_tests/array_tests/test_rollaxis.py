import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import rollaxis
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'axis_start': [
        (0, 0), (0, 2), (0, 3), (2, 0), (1, 1), (3, 1), (-1, 0), (1, -1),
        (-2, -4), (2, 4),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestRollaxis(testing.FunctionTestCase):

    def setUp(self):
        self.axis, self.start = self.axis_start
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 4, 5)).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.rollaxis(x, self.axis, self.start),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.rollaxis(x, self.axis, self.start),


def test_rollaxis_default_start():
    x = numpy.zeros((2, 3, 4), numpy.float32)
    assert functions.rollaxis(x, 2).shape == (4, 2, 3)


@pytest.mark.parametrize('axis,start', [(3, 0), (-4, 0), (0, 4), (0, -4)])
def test_rollaxis_invalid_type(axis, start):
    with pytest.raises(type_check.InvalidType):
        functions.rollaxis(numpy.zeros((2, 3, 4), numpy.float32), axis, start)


@pytest.mark.parametrize('axis,start', [(1.0, 0), (0, 1.0)])
def test_rollaxis_type_error(axis, start):
    with pytest.raises(TypeError):
        functions.rollaxis(numpy.zeros((2, 3), numpy.float32), axis, start)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('axis,start', [
    (0, 0), (0, 2), (0, 3), (2, 0), (2, 3), (-1, 1), (1, -3), (1, -1), (2, 1)])
def test_fast_backward_of_rollaxis(dtype, axis, start):
    _check_like_numpy(rollaxis.Rollaxis, lambda v: F.rollaxis(v, axis, start),
                      lambda a: numpy.rollaxis(a, axis, start), [_uniform((2, 3, 4), dtype)],
                      dtype)
