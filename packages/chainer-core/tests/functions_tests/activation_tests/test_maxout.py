import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref_maxout(x, pool_size, axis):
    x = x.astype(numpy.float64)
    axis %= x.ndim
    shape = x.shape[:axis] + (x.shape[axis] // pool_size, pool_size) + x.shape[axis + 1:]
    return x.reshape(shape).max(axis=axis + 1)


@testing.parameterize(*testing.product_dict(
    [{'shape': (3, 6), 'pool_size': 2, 'axis': 1},
     {'shape': (3, 6), 'pool_size': 3, 'axis': 1},
     {'shape': (4, 3), 'pool_size': 2, 'axis': 0},
     {'shape': (2, 3, 4), 'pool_size': 2, 'axis': -1},
     {'shape': (2, 4, 3), 'pool_size': 4, 'axis': 1}],
    [{'dtype': numpy.float16}, {'dtype': numpy.float32}, {'dtype': numpy.float64}],
))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestMaxout(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        # Distinct values well apart, so that the maximum is unique under perturbation.
        size = int(numpy.prod(self.shape))
        x = numpy.random.permutation(size).reshape(self.shape) * 0.5 - size / 4
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.maxout(x, self.pool_size, axis=self.axis),

    def forward_expected(self, inputs):
        x, = inputs
        return _ref_maxout(x, self.pool_size, self.axis).astype(self.dtype),


def test_maxout_not_divisible():
    with pytest.raises(type_check.InvalidType):
        F.maxout(numpy.zeros((2, 5), numpy.float32), 2)


def test_maxout_pool_size_must_be_positive():
    with pytest.raises(ValueError):
        F.maxout(numpy.zeros((2, 4), numpy.float32), 0)


@pytest.mark.parametrize('axis', [2, -3])
def test_maxout_axis_out_of_range(axis):
    # IndexError as v7
    with pytest.raises(IndexError):
        F.maxout(numpy.zeros((2, 4), numpy.float32), 2, axis)
