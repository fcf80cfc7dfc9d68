import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import select_item
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'in_shape': [(5, 3), (1, 1), (2, 40)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    't_dtype': [numpy.int8, numpy.int32, numpy.int64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSelectItem(testing.FunctionTestCase):

    def setUp(self):
        self.t = numpy.random.randint(
            0, self.in_shape[1], self.in_shape[0]).astype(self.t_dtype)
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.in_shape).astype(self.dtype)
        return x,

    def forward(self, inputs, device):
        x, = inputs
        return functions.select_item(x, device.send(self.t)),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.array(
            [x[i, self.t[i]] for i in range(len(self.t))], self.dtype),


def test_select_item_gradient_and_label_grad():
    x = chainer.Variable(numpy.zeros((3, 2), numpy.float32))
    t = chainer.Variable(numpy.array([1, 0, 1], numpy.int32))
    y = functions.select_item(x, t)
    y.grad = numpy.array([1, 2, 3], numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [[0, 1], [2, 0], [0, 3]])
    assert t.grad is None


@pytest.mark.parametrize('x_shape,t_shape,t_dtype', [
    ((3, 2), (3,), numpy.float32),
    ((3, 2, 1), (3,), numpy.int32),
    ((3, 2), (3, 1), numpy.int32),
    ((3, 2), (2,), numpy.int32),
])
def test_select_item_invalid_type(x_shape, t_shape, t_dtype):
    x = numpy.zeros(x_shape, numpy.float32)
    t = numpy.zeros(t_shape, t_dtype)
    with pytest.raises(type_check.InvalidType):
        functions.select_item(x, t)


@pytest.mark.parametrize('t', [[0, 2], [-1, 0]])
def test_select_item_out_of_range_in_debug_mode(t):
    x = numpy.zeros((2, 2), numpy.float32)
    with chainer.using_config('debug', True):
        with pytest.raises(ValueError):
            functions.select_item(x, numpy.array(t, numpy.int32))


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('t_dtype', [numpy.int32, numpy.int64])
def test_fast_backward_of_select_item(dtype, t_dtype):
    x = _uniform((4, 3), dtype)
    t = numpy.array([2, 0, 1, 2], t_dtype)
    check_fast_backward(select_item.SelectItem, F.select_item, [x, t],
                        [_uniform((4,), dtype, 1)])
