import numpy
import pytest

import chainer
from chainer import functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.math import clip
from chainer.testing._fast_backward import check_fast_backward


@testing.parameterize(*testing.product({
    'shape': [(3, 2), ()],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'bounds': [(-0.5, 0.5), (None, 0.5), (-0.5, None)],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestClip(testing.FunctionTestCase):

    def setUp(self):
        self.x_min, self.x_max = self.bounds
        if self.dtype == numpy.float16:
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.shape)
        # keep away from the kinks at the bounds
        for b in (-0.5, 0.5):
            x[numpy.abs(x - b) < 0.05] = 0.0
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.clip(x, self.x_min, self.x_max),

    def forward_expected(self, inputs):
        x, = inputs
        lo = -numpy.inf if self.x_min is None else self.x_min
        hi = numpy.inf if self.x_max is None else self.x_max
        return numpy.asarray(numpy.clip(x, lo, hi)).astype(self.dtype),


def test_clip_gradient_mask():
    x = chainer.Variable(numpy.array([-2.0, 0.0, 2.0], numpy.float32))
    y = F.clip(x, -1.0, 1.0)
    assert y.creator.label == 'Clip'
    F.sum(y).backward()
    testing.assert_allclose(x.grad, [0.0, 1.0, 0.0])


@pytest.mark.parametrize('x_min,x_max', [(None, None), (1.0, 1.0), (2.0, 1.0)])
def test_clip_invalid_bounds(x_min, x_max):
    with pytest.raises(ValueError):
        F.clip(numpy.zeros(3, numpy.float32), x_min, x_max)


def test_clip_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.clip(numpy.zeros(3, numpy.int32), -1, 1)


def _uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


_FAST_DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('bounds', [(-0.5, 0.5), (None, 0.2), (-0.2, None)])
@pytest.mark.parametrize('shape', [(3, 4), ()])
@pytest.mark.parametrize('dtype', _FAST_DTYPES)
def test_fast_backward(bounds, shape, dtype):
    x = _uniform(shape, dtype)
    gy = _uniform(shape, dtype, seed=1)
    check_fast_backward(clip.Clip, lambda v: F.clip(v, *bounds), [x], [gy])
