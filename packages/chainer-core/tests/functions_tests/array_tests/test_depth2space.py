import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


def _depth2space_ref(x, r):
    b, c, h, w = x.shape
    c //= r * r
    y = numpy.empty((b, c, h * r, w * r), dtype=x.dtype)
    for i in range(r):
        for j in range(r):
            for ch in range(c):
                y[:, ch, i::r, j::r] = x[:, (i * r + j) * c + ch]
    return y


@testing.parameterize(*testing.product({
    'shape_r': [((2, 4, 2, 3), 2), ((1, 9, 1, 2), 3), ((1, 3, 2, 2), 1)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDepth2Space(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.r = self.shape_r
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.depth2space(x, self.r),

    def forward_expected(self, inputs):
        x, = inputs
        return _depth2space_ref(x, self.r),


def test_depth2space_documented_example():
    x = numpy.arange(24).reshape(1, 4, 2, 3).astype(numpy.float32)
    y = functions.depth2space(x, 2)
    expected = numpy.array([[[[0, 6, 1, 7, 2, 8],
                              [12, 18, 13, 19, 14, 20],
                              [3, 9, 4, 10, 5, 11],
                              [15, 21, 16, 22, 17, 23]]]], numpy.float32)
    numpy.testing.assert_array_equal(y.array, expected)


def test_depth2space_inverts_space2depth():
    x = numpy.random.uniform(-1, 1, (2, 3, 4, 6)).astype(numpy.float32)
    y = functions.depth2space(functions.space2depth(x, 2), 2)
    numpy.testing.assert_array_equal(y.array, x)


@pytest.mark.parametrize('x', [
    numpy.zeros((1, 4, 2), numpy.float32),
    numpy.zeros((1, 4, 2, 2), numpy.int32),
])
def test_depth2space_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        functions.depth2space(x, 2)


@pytest.mark.parametrize('shape', [(1, 6, 2, 2), (1, 2, 2, 2)])
def test_depth2space_indivisible_shape_is_a_value_error(shape):
    # as v7: a ValueError, not InvalidType
    x = numpy.zeros(shape, numpy.float32)
    with pytest.raises(ValueError):
        functions.depth2space(x, 2)
