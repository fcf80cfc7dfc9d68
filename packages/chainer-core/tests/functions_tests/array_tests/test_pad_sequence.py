import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'lengths_length': [
        ([3, 1, 2], None), ([3, 1, 2], 5), ([2, 2], None), ([0, 2], None),
        ([1], 1), ([0, 0], None), ([0], 2),
    ],
    'trailing': [(), (2,)],
    'pad': [0, -1.5],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestPadSequence(testing.FunctionTestCase):

    def setUp(self):
        self.lengths, self.length = self.lengths_length
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, (n,) + self.trailing).astype(
                self.dtype) for n in self.lengths)

    def forward(self, inputs, device):
        return functions.pad_sequence(inputs, self.length, self.pad),

    def forward_expected(self, inputs):
        length = self.length
        if length is None:
            length = max(self.lengths)
        y = numpy.full(
            (len(inputs), length) + self.trailing, self.pad, self.dtype)
        for i, x in enumerate(inputs):
            y[i, :len(x)] = x
        return y,


def test_pad_sequence_too_long_sequence():
    xs = [numpy.zeros((3,), numpy.float32), numpy.zeros((2,), numpy.float32)]
    with pytest.raises(type_check.InvalidType):
        functions.pad_sequence(xs, length=2)


@pytest.mark.parametrize('xs', [
    [numpy.zeros((3, 2), 'f'), numpy.zeros((2, 3), 'f')],
    [numpy.zeros((3,), 'f'), numpy.zeros((2,), 'd')],
    [numpy.zeros((), 'f')],
])
def test_pad_sequence_invalid_type(xs):
    with pytest.raises(type_check.InvalidType):
        functions.pad_sequence(xs)


def test_pad_sequence_padding_must_be_scalar():
    with pytest.raises(ValueError):
        functions.pad_sequence([numpy.zeros((2,), 'f')], padding=[0, 1])


@pytest.mark.parametrize('dtype,padding,filled', [
    (numpy.uint8, -1, 255), (numpy.uint8, 300, 44), (numpy.uint16, 70000, 4464),
    (numpy.int8, 300, 44), (numpy.int32, 70000, 70000), (numpy.uint8, 1.5, 1)])
def test_pad_sequence_padding_is_cast_as_v7(dtype, padding, filled):
    # An out-of-range padding wraps around (a C cast), as v7 computed it.
    xs = [numpy.array([1, 2], dtype), numpy.array([3], dtype)]
    y = functions.pad_sequence(xs, padding=padding)
    assert y.dtype == dtype
    numpy.testing.assert_array_equal(y.array, [[1, 2], [3, filled]])


def test_pad_sequence_of_nothing():
    with pytest.raises(type_check.InvalidType):
        functions.pad_sequence([])
