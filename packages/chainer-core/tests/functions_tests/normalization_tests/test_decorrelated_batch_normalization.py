import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check
from chainer.functions.normalization import decorrelated_batch_normalization as dbn_module
from chainer.testing._fast_backward import check_fast_backward


def _to_groups(x, groups):
    b, c = x.shape[:2]
    return x.reshape(b, groups, c // groups, -1).transpose(1, 2, 0, 3).reshape(
        groups, c // groups, -1)


def _from_groups(y, shape):
    g, C = y.shape[:2]
    return y.reshape(g, C, shape[0], -1).transpose(2, 0, 1, 3).reshape(shape)


def _zca_reference(x, groups, eps):
    xg = _to_groups(x.astype(numpy.float64), groups)
    mean = xg.mean(axis=2, keepdims=True)
    xc = xg - mean
    C = xg.shape[1]
    projections = []
    for cov in xc @ xc.transpose(0, 2, 1) / xg.shape[2] + eps * numpy.eye(C):
        w, v = numpy.linalg.eigh(cov)
        projections.append(v @ numpy.diag(w ** -0.5) @ v.T)
    projection = numpy.stack(projections)
    return _from_groups(projection @ xc, x.shape), mean[:, :, 0], projection


def _options(dtype):
    if dtype == numpy.float16:
        return ({'atol': 5e-2, 'rtol': 5e-2},
                {'dtype': numpy.float64, 'atol': 1e-1, 'rtol': 1e-1})
    return ({'atol': 1e-4, 'rtol': 1e-3},
            {'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3})


@testing.parameterize(*testing.product({
    'shape_groups': [((10, 4), 2), ((6, 4, 3), 1), ((4, 6, 2, 2), 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDecorrelatedBatchNormalization(testing.FunctionTestCase):

    skip_double_backward_test = True  # not supported, as in v7

    def setUp(self):
        self.shape, self.groups = self.shape_groups
        self.check_forward_options, self.check_backward_options = _options(self.dtype)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return F.decorrelated_batch_normalization(x, groups=self.groups),

    def forward_expected(self, inputs):
        x, = inputs
        return _zca_reference(x, self.groups, 2e-5)[0].astype(self.dtype),


@testing.parameterize(*testing.product({
    'shape_groups': [((10, 4), 2), ((6, 4, 3), 1), ((4, 6, 2, 2), 3)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFixedDecorrelatedBatchNormalization(testing.FunctionTestCase):

    def setUp(self):
        self.shape, self.groups = self.shape_groups
        fwd, bwd = _options(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        C = self.shape[1] // self.groups
        x = numpy.random.uniform(-1, 1, self.shape).astype(self.dtype)
        mean = numpy.random.uniform(-1, 1, (self.groups, C)).astype(self.dtype)
        proj = numpy.random.uniform(-1, 1, (self.groups, C, C)).astype(self.dtype)
        return x, mean, proj

    def forward(self, inputs, device):
        x, mean, proj = inputs
        return F.fixed_decorrelated_batch_normalization(x, mean, proj, groups=self.groups),

    def forward_expected(self, inputs):
        x, mean, proj = inputs
        xg = _to_groups(x.astype(numpy.float64), self.groups) - mean[:, :, None]
        y = _from_groups(proj.astype(numpy.float64) @ xg, x.shape)
        return y.astype(self.dtype),


def test_output_is_whitened():
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (50, 6)) @ (numpy.eye(6) + rng.uniform(-.5, .5, (6, 6)))
    y = F.decorrelated_batch_normalization(x, groups=2).array
    yg = _to_groups(y, 2)
    numpy.testing.assert_allclose(yg.mean(axis=2), 0, atol=1e-10)
    for cov in yg @ yg.transpose(0, 2, 1) / 50:
        numpy.testing.assert_allclose(cov, numpy.eye(3), atol=1e-3)


def test_running_statistics():
    x = numpy.random.uniform(-1, 1, (8, 4, 2))
    rm = numpy.random.uniform(-1, 1, (2, 2))
    rp = numpy.random.uniform(-1, 1, (2, 2, 2))
    rm0, rp0 = rm.copy(), rp.copy()
    F.decorrelated_batch_normalization(x, groups=2, running_mean=rm, running_projection=rp,
                                       decay=0.7)
    _, mean, proj = _zca_reference(x, 2, 2e-5)
    m = 16
    numpy.testing.assert_allclose(rm, .7 * rm0 + .3 * mean, rtol=1e-10)
    numpy.testing.assert_allclose(rp, .7 * rp0 + .3 * m / (m - 1) * proj, rtol=1e-8)


def test_double_backward_not_supported():
    x = chainer.Variable(numpy.random.uniform(-1, 1, (6, 2)))
    y = F.decorrelated_batch_normalization(x, groups=1)
    gx, = chainer.grad([F.sum(y * y)], [x], enable_double_backprop=True)
    with pytest.raises(NotImplementedError):
        F.sum(gx).backward()


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.decorrelated_batch_normalization(numpy.zeros((4, 6), numpy.float32), groups=4)
    with pytest.raises(type_check.InvalidType):
        F.decorrelated_batch_normalization(numpy.zeros((4, 6), numpy.int32), groups=2)
    x = numpy.zeros((4, 6), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.fixed_decorrelated_batch_normalization(
            x, numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3, 2), numpy.float32),
            groups=2)
    with pytest.raises(type_check.InvalidType):
        F.fixed_decorrelated_batch_normalization(
            x, numpy.zeros((2, 3)), numpy.zeros((2, 3, 3)), groups=2)


def test_unknown_argument():
    with pytest.raises(TypeError):
        F.decorrelated_batch_normalization(numpy.zeros((4, 6), numpy.float32), group=2)


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('groups', [1, 2])
@pytest.mark.parametrize('shape', [(10, 4), (5, 4, 3)])
def test_fast_backward(groups, shape):
    x = _fast_uniform(shape, numpy.float64)
    gy = _fast_uniform(shape, numpy.float64, seed=1)
    check_fast_backward(dbn_module.DecorrelatedBatchNormalization,
                        lambda v: F.decorrelated_batch_normalization(v, groups=groups),
                        [x], [gy], rtol=1e-6, atol=1e-9)
