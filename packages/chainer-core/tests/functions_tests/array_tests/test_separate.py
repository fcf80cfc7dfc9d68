import numpy
import pytest

import chainer
from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import separate
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product_dict(
    [
        {'shape': (2, 3, 4), 'axis': 0},
        {'shape': (2, 3, 4), 'axis': 1},
        {'shape': (2, 3, 4), 'axis': 2},
        {'shape': (2, 3, 4), 'axis': -1},
        {'shape': (2, 3, 4), 'axis': -3},
        {'shape': (3,), 'axis': 0},
        {'shape': (1, 2), 'axis': 0},
    ],
    testing.product({
        'dtype': [numpy.float16, numpy.float32, numpy.float64]}),
))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSeparate(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        ys = functions.separate(x, self.axis)
        assert isinstance(ys, tuple)
        return ys

    def forward_expected(self, inputs):
        x, = inputs
        return tuple(numpy.asarray(y) for y in numpy.moveaxis(x, self.axis, 0).copy())


def test_separate_returns_tuple_and_partial_grad():
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(3, 2))
    ys = functions.separate(x, axis=1)
    assert len(ys) == 2
    numpy.testing.assert_array_equal(ys[1].array, [1, 3, 5])
    ys[1].grad = numpy.ones(3, numpy.float32)
    ys[1].backward()
    numpy.testing.assert_array_equal(x.grad, [[0, 1], [0, 1], [0, 1]])


def test_separate_inverts_stack():
    x = numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    y = functions.stack(functions.separate(x, 1), 1)
    numpy.testing.assert_array_equal(y.array, x)


@pytest.mark.parametrize('shape,axis', [((2, 3), 2), ((2, 3), -3), ((), 0)])
def test_separate_invalid_type(shape, axis):
    with pytest.raises(type_check.InvalidType):
        functions.separate(numpy.zeros(shape, numpy.float32), axis)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,axis,missing', [
    ((3, 2), 0, ()), ((3, 2), 1, ()), ((2, 3, 2), -2, (1,)), ((3,), 0, (0, 2)),
])
def test_fast_backward_of_separate(dtype, shape, axis, missing):
    x = _uniform(shape, dtype)
    pieces = [numpy.take(x, i, axis) for i in range(x.shape[axis])]
    gys = [None if i in missing else _uniform(p.shape, dtype, i + 1)
           for i, p in enumerate(pieces)]
    check_fast_backward(separate.Separate, lambda v: F.separate(v, axis), [x], gys)
