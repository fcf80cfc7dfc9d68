import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'case': [
        ((3, 4), (4, 2), 1),
        ((2, 3, 4), (3, 4, 2), 2),
        ((2, 3, 4), (4, 3, 5), ((1, 2), (1, 0))),
        ((2, 3), (3, 2), ((0, 1), (1, 0))),
        ((2, 3), (4,), 0),
        ((3, 2, 4), (2, 3), ([-2, 0], [0, -1])),
        ((3,), (3,), 1),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTensorDot(testing.FunctionTestCase):

    def setUp(self):
        self.a_shape, self.b_shape, self.axes = self.case
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-5}
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_double_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        a = numpy.random.uniform(-1, 1, self.a_shape).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, self.b_shape).astype(self.dtype)
        return a, b

    def forward(self, inputs, device):
        a, b = inputs
        return F.tensordot(a, b, axes=self.axes),

    def forward_expected(self, inputs):
        a, b = [x.astype(numpy.float64) for x in inputs]
        return numpy.asarray(numpy.tensordot(a, b, axes=self.axes)).astype(self.dtype),


def test_tensordot_mixed_dtypes():
    a = numpy.ones((2, 3), numpy.float32)
    b = numpy.ones((3, 2), numpy.float64)
    y = F.tensordot(chainer.Variable(a), b, axes=1)
    assert y.dtype == numpy.float64
    assert y.creator.label == 'TensorDot'


@pytest.mark.parametrize('a_shape,b_shape,axes,error', [
    ((2, 3), (4, 2), 1, ValueError),
    ((2, 3), (3, 2), 3, ValueError),
    ((2, 3), (3, 2), ((1,), (0, 1)), ValueError),
    ((2, 3), (3, 2), ((2,), (0,)), IndexError),
    ((2, 3), (3, 2), (1, 0, 0), ValueError),
    ((2, 3), (3, 2), [1], ValueError),
    ((2, 3), (3, 2), 1.0, TypeError),
    ((2, 3), (3, 2), None, TypeError),
    ((2, 3), (3, 2), numpy.array([[1], [0]]), TypeError),
    ((2, 3), (3, 2), ([1.0], [0]), TypeError),
])
def test_tensordot_invalid(a_shape, b_shape, axes, error):
    # as v7: ValueError or IndexError, not InvalidType
    a = numpy.ones(a_shape, numpy.float32)
    b = numpy.ones(b_shape, numpy.float32)
    with pytest.raises(error):
        F.tensordot(a, b, axes=axes)


def test_tensordot_negative_axes_count_is_an_outer_product():
    a = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    b = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    y = F.tensordot(a, b, axes=-1)
    numpy.testing.assert_array_equal(y.array, numpy.tensordot(a, b, axes=0))


def test_tensordot_int_invalid():
    with pytest.raises(type_check.InvalidType):
        F.tensordot(numpy.ones((2, 3), numpy.int32), numpy.ones((3, 2), numpy.int32), 1)
