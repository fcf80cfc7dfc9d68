import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.array import get_item
from chainer.testing._fast_backward import check_fast_backward

_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@testing.parameterize(*testing.product({
    'slices': [1, slice(1, None), (Ellipsis, 0), (None, slice(None), 1), numpy.array([0, 2, 0]),
               [0, 2], (numpy.array([[0, 1], [1, 2]]), slice(None, 2)),
               numpy.array([True, False, True]), (slice(None), [0, 0, 3]),
               # several boolean arrays index like their nonzero() pairs (as v7 on CPU)
               (numpy.array([True, False, True]), numpy.array([True, False, False, True]))],
    'dtype': _DTYPES,
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestGetItem(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (3, 4, 2)).astype(self.dtype),

    def forward(self, inputs, device):
        return F.get_item(inputs[0], self.slices),

    def forward_expected(self, inputs):
        slices = self.slices
        if isinstance(slices, list):
            slices = numpy.asarray(slices)
        return numpy.asarray(inputs[0][slices]),


def test_getitem_operator_and_repeated_indices_accumulate():
    x = chainer.Variable(numpy.arange(4, dtype='f'))
    y = x[[0, 0, 1]]
    F.sum(y).backward()
    numpy.testing.assert_array_equal(x.grad, [2, 1, 0, 0])


def test_multiple_boolean_arrays_index_their_nonzero_pairs():
    x = chainer.Variable(numpy.arange(6, dtype='f').reshape(2, 3))
    y = F.get_item(x, (numpy.array([True, False]), numpy.array([True, False, True])))
    numpy.testing.assert_array_equal(y.array, [0, 2])
    y.grad = numpy.array([1, 2], 'f')
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[1, 0, 2], [0, 0, 0]])


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,slices', [
    ((4, 3), (slice(1, 3), 0)), ((4, 3), ([0, 2, 0],)), ((4, 3), (Ellipsis, None, 1)),
    ((4, 3), (numpy.array([True, False, True, False]),)), ((4,), 2),
    ((4, 3), ([1, 1], [0, 0]))])  # repeated indices accumulate
def test_fast_backward(dtype, shape, slices):
    x = _uniform(shape, dtype)
    y_shape = x[slices].shape
    check_fast_backward(get_item.GetItem, lambda v: F.get_item(v, slices), [x],
                        [_uniform(y_shape, dtype, 1)])


def test_numpy_flag_as_v7():
    assert get_item._numpy_supports_0d_bool_index is True
    x = numpy.arange(3, dtype=numpy.float32)
    assert F.get_item(x, numpy.True_).shape == (1, 3)
