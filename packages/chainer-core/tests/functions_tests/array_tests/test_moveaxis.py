import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import moveaxis
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'src_dst': [
        (0, 2), (2, 0), (-1, 0), (0, -1), (1, 1),
        ((0, 1), (2, 0)), ((-1, 0), (1, 2)), ((0, 1, 2), (2, 0, 1)), ((), ()),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestMoveaxis(testing.FunctionTestCase):

    def setUp(self):
        self.source, self.destination = self.src_dst
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.moveaxis(x, self.source, self.destination),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.moveaxis(x, self.source, self.destination),


@pytest.mark.parametrize('src,dst', [(3, 0), (0, 3), (-4, 0), (0, -4)])
def test_moveaxis_invalid_type(src, dst):
    with pytest.raises(type_check.InvalidType):
        functions.moveaxis(numpy.zeros((2, 3, 4), numpy.float32), src, dst)


def test_moveaxis_requires_float():
    with pytest.raises(type_check.InvalidType):
        functions.moveaxis(numpy.zeros((2, 3), numpy.int32), 0, 1)


@pytest.mark.parametrize('src,dst', [((0, 0), (1, 2)), ((0, 1), (2, 2)),
                                     ((0, 1), (2,))])
def test_moveaxis_value_error(src, dst):
    with pytest.raises(ValueError):
        functions.moveaxis(numpy.zeros((2, 3, 4), numpy.float32), src, dst)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('source,destination', [
    (0, 2), (-1, 0), ((0, 1), (2, 0)), ((), ()), (1, 1)])
def test_fast_backward_of_moveaxis(dtype, source, destination):
    _check_like_numpy(moveaxis.Moveaxis, lambda v: F.moveaxis(v, source, destination),
                      lambda a: numpy.moveaxis(a, source, destination),
                      [_uniform((2, 3, 4), dtype)], dtype)
