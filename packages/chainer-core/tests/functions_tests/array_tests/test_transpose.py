import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.testing._tolerances import set_default_tolerances
from chainer.functions.array import transpose
from chainer.testing._fast_backward import check_fast_backward

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@testing.parameterize(*testing.product({
    'axes': [None, (1, 0, 2), (-1, 0, 1)],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTranspose(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (2, 3, 4)).astype(self.dtype),

    def forward(self, inputs, device):
        return F.transpose(inputs[0], self.axes),

    def forward_expected(self, inputs):
        return inputs[0].transpose(self.axes),


def test_variable_transpose_forms():
    v = chainer.Variable(numpy.zeros((2, 3, 4), 'f'))
    assert v.transpose().shape == (4, 3, 2)
    assert v.transpose(1, 0, 2).shape == (3, 2, 4)
    assert v.transpose((2, 0, 1)).shape == (4, 2, 3)
    with pytest.raises(ValueError):  # NumPy's error, as v7
        F.transpose(v, (0, 1))
    with pytest.raises(ValueError):
        F.transpose(v, (0, 1, 1))
    with pytest.raises(numpy.exceptions.AxisError):
        F.transpose(v, (0, 1, 3))


@pytest.mark.parametrize('axes', [None, (1, 0, 2), (-1, 0, 1)])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_transpose(axes, dtype):
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 3, 4)).astype(dtype)
    gy = numpy.random.RandomState(1).uniform(-1, 1, x.transpose(axes).shape).astype(dtype)
    check_fast_backward(transpose.Transpose, lambda v: F.transpose(v, axes), [x], [gy])
