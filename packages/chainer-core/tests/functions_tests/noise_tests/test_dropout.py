import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.noise import dropout as dropout_module
from chainer.utils import type_check
from chainer.testing._fast_backward import check_fast_backward


def _mask(shape, dtype, ratio):
    scale = dtype(1. / (1 - ratio))
    return numpy.asarray(numpy.random.rand(*shape) >= ratio).astype(dtype) * scale


@testing.parameterize(*testing.product({
    'shape': [(3, 4), (), (2, 0, 3)],
    'ratio': [0., .3, .9],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDropoutWithMask(testing.FunctionTestCase):
    """The mask is given, so the function is deterministic."""

    def setUp(self):
        self.mask = _mask(self.shape, self.dtype, self.ratio)
        if self.dtype == numpy.float16:
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-2,
                                           'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.dropout(x, self.ratio, mask=self.mask),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.asarray(x.astype(numpy.float64) * self.mask, self.dtype),


@pytest.mark.gpu
@pytest.mark.parametrize('use_cudnn', ['never', 'always'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_gpu_random_mask(use_cudnn, dtype):
    # The output is x scaled or zero, and backward uses the same mask.
    from chainer.backends import cuda
    x = numpy.random.uniform(.5, 1, (20, 30)).astype(dtype)
    xv = chainer.Variable(cuda.to_gpu(x))
    with chainer.using_config('use_cudnn', use_cudnn):
        y = F.dropout(xv, .4)
        y.grad = cuda.cupy.ones_like(y.array)
        y.backward()
    y = cuda.to_cpu(y.array)
    gx = cuda.to_cpu(xv.grad)
    kept = y != 0
    numpy.testing.assert_allclose(y[kept], x[kept] / .6, rtol=1e-2)
    numpy.testing.assert_allclose(gx, kept / .6, rtol=1e-2)
    assert .25 < 1 - kept.mean() < .55


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_random_mask_values(dtype):
    ratio = .4
    x = numpy.random.uniform(.5, 1, (100, 50)).astype(dtype)
    y, mask = F.dropout(x, ratio, return_mask=True)
    assert y.dtype == dtype
    assert mask.dtype == dtype
    scale = dtype(1 / (1 - ratio))
    assert set(numpy.unique(mask)) <= {dtype(0), scale}
    numpy.testing.assert_array_equal(y.array, x * mask)
    # about `ratio` of the elements are dropped (5000 samples: 6 sigma ~ 0.04)
    assert abs((mask == 0).mean() - ratio) < .05


def test_backward_uses_forward_mask():
    x = chainer.Variable(numpy.random.uniform(.5, 1, (10, 10)))
    y, mask = F.dropout(x, .5, return_mask=True)
    gy = numpy.random.uniform(-1, 1, (10, 10))
    y.grad = gy
    y.backward()
    numpy.testing.assert_array_equal(x.grad, gy * mask)
    # the differentiable backward (double backprop) gives the same values
    gx, = chainer.grad([y], [x], [chainer.Variable(gy)], enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.array, gy * mask)


def test_mask_reuse():
    x = numpy.random.uniform(-1, 1, (4, 5)).astype(numpy.float32)
    y1, mask = F.dropout(x, .5, return_mask=True)
    y2 = F.dropout(x, .5, mask=mask)
    numpy.testing.assert_array_equal(y1.array, y2.array)


def test_seeded_reproducibility():
    x = numpy.random.uniform(-1, 1, (4, 5)).astype(numpy.float32)
    numpy.random.seed(3)
    y1 = F.dropout(x)
    numpy.random.seed(3)
    y2 = F.dropout(x)
    numpy.testing.assert_array_equal(y1.array, y2.array)


def test_not_train_is_identity():
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    with chainer.using_config('train', False):
        y = F.dropout(x, .9)
        y2, mask = F.dropout(x, .9, return_mask=True)
    assert isinstance(y, chainer.Variable)
    assert y.array is x
    assert y2.array is x
    assert mask is None
    v = chainer.Variable(x)
    with chainer.using_config('train', False):
        assert F.dropout(v) is v


def test_errors():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(ValueError, match='train argument is not supported'):
        F.dropout(x, .5, train=True)
    with pytest.raises(TypeError):
        F.dropout(x, .5, foo=1)
    for ratio in (1., -.1, 1.5):
        with pytest.raises(ValueError):
            F.dropout(x, ratio)
    with pytest.raises(type_check.InvalidType):
        F.dropout(numpy.zeros((2, 3), numpy.int32))


def test_function_node_mask_attribute():
    x = numpy.ones((3, 3), numpy.float32)
    f = dropout_module.Dropout(.5)
    y, = f.apply((x,))
    numpy.testing.assert_array_equal(y.array, f.mask)


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(3, 4), ()])
def test_fast_backward(dtype, shape):
    x = _fast_uniform(shape, dtype)
    mask = (_fast_uniform(shape, dtype, seed=2) > 0).astype(dtype) * dtype(2)
    gy = _fast_uniform(shape, dtype, seed=1)
    check_fast_backward(dropout_module.Dropout, lambda v: F.dropout(v, 0.5, mask=mask),
                        [x], [gy])
