import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'lengths': [[4, 2, 1], [3, 3], [2], [3, 1, 0]],
    'trailing': [(), (2,)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestTransposeSequence(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return tuple(
            numpy.random.uniform(-1, 1, (n,) + self.trailing).astype(
                self.dtype) for n in self.lengths)

    def forward(self, inputs, device):
        ys = functions.transpose_sequence(inputs)
        assert isinstance(ys, tuple)
        return ys

    def forward_expected(self, inputs):
        return tuple(
            numpy.stack([x[t] for x in inputs if len(x) > t])
            for t in range(self.lengths[0]))


def test_transpose_sequence_documented_example():
    xs = [numpy.array([0, 1, 2, 3], 'f'), numpy.array([4, 5], 'f'),
          numpy.array([6], 'f')]
    ys = functions.transpose_sequence(xs)
    expected = [[0, 4, 6], [1, 5], [2], [3]]
    assert len(ys) == len(expected)
    for y, e in zip(ys, expected):
        numpy.testing.assert_array_equal(y.array, e)


def test_transpose_sequence_empty_list():
    assert functions.transpose_sequence([]) == ()


def test_transpose_sequence_partial_grads():
    xs = [chainer.Variable(numpy.array([1, 2, 3], 'f')),
          chainer.Variable(numpy.array([4], 'f'))]
    ys = functions.transpose_sequence(xs)
    ys[1].grad = numpy.array([7], 'f')
    ys[1].backward()
    numpy.testing.assert_array_equal(xs[0].grad, [0, 7, 0])


def test_transpose_sequence_unsorted_is_invalid():
    xs = [numpy.zeros((1,), 'f'), numpy.zeros((2,), 'f')]
    with pytest.raises(type_check.InvalidType):
        functions.transpose_sequence(xs)


def test_transpose_sequence_trailing_shape_mismatch_is_invalid():
    xs = [numpy.zeros((2, 3), 'f'), numpy.zeros((2, 2), 'f')]
    with pytest.raises(type_check.InvalidType):
        functions.transpose_sequence(xs)


def test_transpose_sequence_of_empty_sequences():
    assert functions.transpose_sequence([numpy.zeros((0,), 'f')] * 2) == ()
