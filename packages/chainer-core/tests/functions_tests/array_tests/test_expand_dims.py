import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import expand_dims
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape_axis': [
        ((3,), 0), ((3,), 1), ((3,), -1), ((3,), -2),
        ((2, 3), 1), ((2, 3), -3), ((), 0), ((), -1),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestExpandDims(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.expand_dims(x, self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.expand_dims(x, self.axis),


@pytest.mark.parametrize('axis', [3, -4])
def test_expand_dims_invalid_type(axis):
    with pytest.raises(type_check.InvalidType):
        functions.expand_dims(numpy.zeros((2, 3), numpy.float32), axis)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,axis', [((2, 3), 0), ((2, 3), 2), ((2, 3), -1), ((), 0)])
def test_fast_backward_of_expand_dims(dtype, shape, axis):
    _check_like_numpy(expand_dims.ExpandDims, lambda v: F.expand_dims(v, axis),
                      lambda a: numpy.expand_dims(a, axis), [_uniform(shape, dtype)], dtype)
