import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check
import chainer.functions as F
from chainer.functions.array import squeeze
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape_axis': [
        ((1, 3, 1, 2), None), ((1, 3, 1, 2), 0), ((1, 3, 1, 2), 2),
        ((1, 3, 1, 2), -2), ((1, 3, 1, 2), (0, 2)), ((1, 3, 1, 2), (2, 0)),
        ((1, 3, 1, 2), (-4, 2)), ((1, 1), None), ((3, 2), None),
        ((1, 0, 1), 0),
    ],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSqueeze(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.axis = self.shape_axis
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64}
            self.check_double_backward_options = {'dtype': numpy.float64}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return functions.squeeze(x, self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.squeeze(x, self.axis),


def test_argone():
    from chainer.functions.array.squeeze import argone
    assert argone((1, 3, 1, 2)) == [0, 2]


@pytest.mark.parametrize('axis', [4, -5, (0, 4)])
def test_squeeze_invalid_type(axis):
    with pytest.raises(type_check.InvalidType):
        functions.squeeze(numpy.zeros((1, 3, 1, 2), numpy.float32), axis)


@pytest.mark.parametrize('axis', [1, (0, 1)])
def test_squeeze_non_unit_axis(axis):
    with pytest.raises(ValueError):
        functions.squeeze(numpy.zeros((1, 3, 1, 2), numpy.float32), axis)


@pytest.mark.parametrize('axis', [1.0, [0], (0, 1.0)])
def test_squeeze_axis_type_error(axis):
    with pytest.raises(TypeError):
        functions.squeeze(numpy.zeros((1, 3, 1, 2), numpy.float32), axis)


def _uniform(shape, dtype, seed=0):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _check_like_numpy(node_class, func, reference, xs, dtype):
    """Checks ``node_class`` with an output gradient shaped like ``reference(*xs)``."""
    gy = _uniform(reference(*xs).shape, dtype, 9)
    check_fast_backward(node_class, func, xs, [gy])


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', _FAST_DTYPES)
@pytest.mark.parametrize('shape,axis', [
    ((1, 3, 1), None), ((1, 3, 1), 0), ((1, 3, 1), (0, -1)), ((1,), None), ((1, 0), 0)])
def test_fast_backward_of_squeeze(dtype, shape, axis):
    _check_like_numpy(squeeze.Squeeze, lambda v: F.squeeze(v, axis),
                      lambda a: numpy.squeeze(a, axis), [_uniform(shape, dtype)], dtype)
