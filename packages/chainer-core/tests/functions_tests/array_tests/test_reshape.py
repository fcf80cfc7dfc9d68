import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.testing._tolerances import set_default_tolerances
from chainer.functions.array import reshape
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@testing.parameterize(*testing.product({
    'shapes': [((3, 4), (2, 6)), ((3, 4), (-1,)), ((2, 3, 4), (6, -1)), ((1,), ())],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestReshape(testing.FunctionTestCase):

    def setUp(self):
        set_default_tolerances(self)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shapes[0]).astype(self.dtype),

    def forward(self, inputs, device):
        return F.reshape(inputs[0], self.shapes[1]),

    def forward_expected(self, inputs):
        return inputs[0].reshape(self.shapes[1]),


def test_reshape_invalid():
    with pytest.raises(type_check.InvalidType):
        F.reshape(numpy.zeros((2, 3), 'f'), (4, 2))
    with pytest.raises(ValueError):
        F.reshape(numpy.zeros((2, 3), 'f'), (-1, -1))
    v = chainer.Variable(numpy.zeros((2, 3), 'f'))
    assert v.reshape(3, 2).shape == (3, 2)
    assert v.reshape((6,)).shape == (6,)


@pytest.mark.parametrize('shapes', [((3, 4), (2, 6)), ((2, 3, 4), (6, -1)), ((1,), ()),
                                    ((0, 3), (3, 0))])
@pytest.mark.parametrize('dtype', _DTYPES)
def test_fast_backward_of_reshape(shapes, dtype):
    x = numpy.random.RandomState(0).uniform(-1, 1, shapes[0]).astype(dtype)
    gy = (x.reshape(shapes[1]) * 2).astype(dtype)
    check_fast_backward(reshape.Reshape, lambda v: F.reshape(v, shapes[1]), [x], [gy])
