import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import swapaxes
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'axes': [(0, 1), (1, 2), (2, 0), (-1, 0), (-3, -2), (1, 1)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSwapaxes(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.swapaxes(x, *self.axes),

    def forward_expected(self, inputs):
        x, = inputs
        return x.swapaxes(*self.axes),


@pytest.mark.parametrize('axes', [(0, 3), (-4, 0)])
def test_swapaxes_axis_out_of_range(axes):
    # NumPy's AxisError, as v7 (it is both a ValueError and an IndexError)
    with pytest.raises(ValueError) as e:
        functions.swapaxes(numpy.zeros((2, 3, 4), numpy.float32), *axes)
    assert isinstance(e.value, IndexError)
    assert not isinstance(e.value, type_check.InvalidType)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('axis1,axis2', [(0, 2), (-1, 1), (1, 1)])
def test_fast_backward_of_swapaxes(dtype, axis1, axis2):
    x = _uniform((2, 3, 4), dtype)
    y_shape = x.swapaxes(axis1, axis2).shape
    check_fast_backward(swapaxes.Swapaxes, lambda v: F.swapaxes(v, axis1, axis2), [x],
                        [_uniform(y_shape, dtype, 1)])
