import numpy
import pytest

from chainer import functions
from chainer import testing
import chainer.functions as F
from chainer.functions.array import tile
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape_reps': [
        ((3,), 2), ((3,), (2,)), ((2, 3), (2, 1)), ((2, 3), 3),
        ((2,), (2, 3)), ((2, 1, 3), (1, 2)), ((), (2, 2)), ((2, 3), 0),
        ((2, 3), (1, 0, 2)),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTile(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.reps = self.shape_reps
        if self.dtype == numpy.float16:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.tile(x, self.reps),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.tile(x, self.reps),


@pytest.mark.parametrize('reps', [1.0, [2], (2, 1.0)])
def test_tile_type_error(reps):
    with pytest.raises(TypeError):
        functions.tile(numpy.zeros((2, 3), numpy.float32), reps)


@pytest.mark.parametrize('reps', [-1, (2, -1)])
def test_tile_value_error(reps):
    with pytest.raises(ValueError):
        functions.tile(numpy.zeros((2, 3), numpy.float32), reps)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,reps', [
    ((2, 3), (2, 1)), ((2, 3), 2), ((3,), (2, 2)), ((2, 1, 2), (3, 2)), ((), 3), ((), ()),
    ((2, 3), (0, 1)),
])
def test_fast_backward_of_tile(dtype, shape, reps):
    _check_like_numpy(tile.Tile, lambda v: F.tile(v, reps), lambda a: numpy.tile(a, reps),
                      [_uniform(shape, dtype)], dtype)
