import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'shape_axis': [((3,), 0), ((3, 4), 0), ((4, 3), 1), ((4, 3), -1),
                   ((3, 2, 4), -2)],
    'inv': [True, False],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'indices_as_variable': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestPermutate(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        n = self.shape[self.axis]
        self.indices = numpy.random.permutation(n).astype(numpy.int32)
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        indices = device.send(self.indices)
        if self.indices_as_variable:
            indices = chainer.Variable(indices)
        return functions.permutate(x, indices, self.axis, self.inv),

    def forward_expected(self, inputs):
        x, = inputs
        indices = self.indices
        if self.inv:
            indices = numpy.argsort(indices)
        return numpy.take(x, indices, axis=self.axis),


def test_permutate_documented_semantics():
    x = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    indices = numpy.array([2, 0, 1], numpy.int32)
    y = functions.permutate(x, indices)
    numpy.testing.assert_array_equal(y.array, [[4, 5], [0, 1], [2, 3]])
    y = functions.permutate(x, indices, inv=True)
    numpy.testing.assert_array_equal(y.array, [[2, 3], [4, 5], [0, 1]])


@pytest.mark.parametrize('indices', [[0, 0, 1], [0, 1, 3], [-1, 0, 1]])
def test_permutate_invalid_indices_in_debug_mode(indices):
    x = numpy.zeros((3,), numpy.float32)
    with chainer.using_config('debug', True):
        with pytest.raises(ValueError):
            functions.permutate(x, numpy.array(indices, numpy.int32))


@pytest.mark.parametrize('indices', [
    numpy.array([0, 1, 2], numpy.float32),
    numpy.array([[0, 1, 2]], numpy.int32),
])
def test_permutate_indices_must_be_int_vector(indices):
    with pytest.raises(ValueError):
        functions.permutate(numpy.zeros((3,), numpy.float32), indices)


@pytest.mark.parametrize('shape,axis', [((4,), 0), ((3,), 1), ((3,), -2)])
def test_permutate_invalid_type(shape, axis):
    with pytest.raises(type_check.InvalidType):
        functions.permutate(numpy.zeros(shape, numpy.float32),
                            numpy.array([0, 2, 1], numpy.int32), axis)
