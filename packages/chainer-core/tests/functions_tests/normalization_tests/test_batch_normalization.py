import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.normalization import batch_normalization as bn_module
from chainer.utils import type_check
from chainer.testing._fast_backward import check_fast_backward

# (x_shape, gamma_shape, axis): default layouts, explicit axes, channel-last, several
# channel axes, negative axes.
_LAYOUTS = [
    ((5, 3), (3,), None),
    ((3, 4, 2, 2), (4,), None),
    ((3, 4, 2, 2), (4,), (0, 2, 3)),
    ((2, 3, 4, 2), (3, 4), None),
    ((4, 2, 3), (3,), (0, 1)),
    ((3, 4, 2), (3, 2), (1,)),
    ((3, 4, 2, 2), (4,), (-4, -2, -1)),
    ((6, 3), (3,), 0),
]


def _axis_tuple(x_ndim, gamma_ndim, axis):
    if axis is None:
        return (0,) + tuple(range(gamma_ndim + 1, x_ndim))
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(sorted(a % x_ndim for a in axis))


def _expand(v, x_ndim, axis):
    shape = [1] * x_ndim
    key = [i for i in range(x_ndim) if i not in axis]
    for i, s in zip(key, v.shape):
        shape[i] = s
    return v.reshape(shape)


def _bn_reference(x, gamma, beta, axis, eps, mean=None, var=None):
    x = x.astype(numpy.float64)
    if mean is None:
        mean = x.mean(axis=axis)
        var = x.var(axis=axis)
    g = _expand(gamma.astype(numpy.float64), x.ndim, axis)
    b = _expand(beta.astype(numpy.float64), x.ndim, axis)
    m = _expand(numpy.asarray(mean, numpy.float64), x.ndim, axis)
    v = _expand(numpy.asarray(var, numpy.float64), x.ndim, axis)
    return g * (x - m) / numpy.sqrt(v + eps) + b


def _generate_x(shape, red, dtype):
    while True:  # keep the deviation of every channel away from zero (well conditioned)
        x = numpy.random.uniform(-1, 1, shape)
        if x.std(axis=red).min() > .3:
            return x.astype(dtype)


def _options(dtype):
    if dtype == numpy.float16:
        return ({'atol': 1e-2, 'rtol': 1e-2},
                {'dtype': numpy.float64, 'atol': 1e-1, 'rtol': 1e-1})
    return ({'atol': 1e-4, 'rtol': 1e-3},
            {'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3})


@testing.parameterize(*testing.product({
    'layout': _LAYOUTS,
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'eps': [2e-5, 1e-1],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestBatchNormalization(testing.FunctionTestCase):

    def setUp(self):
        self.x_shape, self.gamma_shape, self.axis = self.layout
        self.red = _axis_tuple(len(self.x_shape), len(self.gamma_shape), self.axis)
        fwd, bwd = _options(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        x = _generate_x(self.x_shape, self.red, self.dtype)
        gamma = numpy.random.uniform(.5, 1, self.gamma_shape).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, self.gamma_shape).astype(self.dtype)
        return x, gamma, beta

    def forward(self, inputs, device):
        x, gamma, beta = inputs
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            return F.batch_normalization(x, gamma, beta, eps=self.eps, axis=self.axis),

    def forward_expected(self, inputs):
        x, gamma, beta = inputs
        return _bn_reference(x, gamma, beta, self.red, self.eps).astype(self.dtype),


@testing.parameterize(*testing.product({
    'layout': _LAYOUTS,
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestFixedBatchNormalization(testing.FunctionTestCase):

    def setUp(self):
        self.x_shape, self.gamma_shape, self.axis = self.layout
        self.red = _axis_tuple(len(self.x_shape), len(self.gamma_shape), self.axis)
        fwd, bwd = _options(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, self.x_shape).astype(self.dtype)
        gamma = numpy.random.uniform(.5, 1, self.gamma_shape).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, self.gamma_shape).astype(self.dtype)
        mean = numpy.random.uniform(-1, 1, self.gamma_shape).astype(self.dtype)
        var = numpy.random.uniform(.5, 1, self.gamma_shape).astype(self.dtype)
        return x, gamma, beta, mean, var

    def forward(self, inputs, device):
        x, gamma, beta, mean, var = inputs
        return F.fixed_batch_normalization(x, gamma, beta, mean, var, axis=self.axis),

    def forward_expected(self, inputs):
        x, gamma, beta, mean, var = inputs
        y = _bn_reference(x, gamma, beta, self.red, 2e-5, mean, var)
        return y.astype(self.dtype),


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32],
    'layout': [((3, 4, 2, 2), (4,), None), ((5, 3), (3,), None), ((4, 2, 3), (3,), (0, 1))],
}))
@testing.inject_backend_tests(None, [{'use_cuda': True},
                                     {'use_cuda': True, 'use_cudnn': 'always'}])
class TestBatchNormalizationGPU(testing.FunctionTestCase):
    """cuDNN (NCHW spatial) and CuPy paths against the same reference."""

    def setUp(self):
        self.x_shape, self.gamma_shape, self.axis = self.layout
        self.red = _axis_tuple(len(self.x_shape), len(self.gamma_shape), self.axis)
        fwd, bwd = _options(self.dtype)
        self.check_forward_options = fwd
        self.check_backward_options = bwd
        self.check_double_backward_options = bwd

    def generate_inputs(self):
        x = _generate_x(self.x_shape, self.red, self.dtype)
        gamma = numpy.random.uniform(.5, 1, self.gamma_shape).astype(self.dtype)
        beta = numpy.random.uniform(-1, 1, self.gamma_shape).astype(self.dtype)
        return x, gamma, beta

    def forward(self, inputs, device):
        x, gamma, beta = inputs
        return F.batch_normalization(x, gamma, beta, axis=self.axis),

    def forward_expected(self, inputs):
        x, gamma, beta = inputs
        return _bn_reference(x, gamma, beta, self.red, 2e-5).astype(self.dtype),


@pytest.mark.gpu
@pytest.mark.parametrize('use_cudnn', ['never', 'always'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('fixed', [False, True])
def test_gpu_matches_cpu(use_cudnn, dtype, fixed):
    from chainer.backends import cuda
    rng = numpy.random.RandomState(0)
    arrays = [_generate_x((4, 3, 2, 2), (0, 2, 3), dtype),
              rng.uniform(.5, 1, 3).astype(dtype), rng.uniform(-1, 1, 3).astype(dtype)]
    if fixed:
        arrays += [rng.uniform(-1, 1, 3).astype(dtype), rng.uniform(.5, 1, 3).astype(dtype)]
    gy = rng.uniform(-1, 1, (4, 3, 2, 2)).astype(dtype)
    results = []
    for to in (lambda a: a.copy(), cuda.to_gpu):
        vs = [chainer.Variable(to(a)) for a in arrays]
        rm, rv = to(numpy.zeros(3, dtype)), to(numpy.ones(3, dtype))
        with chainer.using_config('use_cudnn', use_cudnn):
            if fixed:
                y = F.fixed_batch_normalization(*vs)
            else:
                y = F.batch_normalization(*vs, running_mean=rm, running_var=rv)
            y.grad = to(gy)
            y.backward()
        results.append([cuda.to_cpu(a) for a in [y.array, rm, rv] + [v.grad for v in vs]])
    tol = 2e-2 if dtype == numpy.float16 else 1e-4
    for a, b in zip(*results):
        numpy.testing.assert_allclose(a, b, atol=tol, rtol=tol)


@pytest.mark.parametrize('layout', _LAYOUTS)
@pytest.mark.parametrize('decay', [0.9, 0.5])
def test_running_statistics_update(layout, decay):
    x_shape, gamma_shape, axis = layout
    red = _axis_tuple(len(x_shape), len(gamma_shape), axis)
    x = numpy.random.uniform(-1, 1, x_shape).astype(numpy.float32)
    gamma = numpy.ones(gamma_shape, numpy.float32)
    beta = numpy.zeros(gamma_shape, numpy.float32)
    mean = numpy.random.uniform(-1, 1, gamma_shape).astype(numpy.float32)
    var = numpy.random.uniform(.5, 1, gamma_shape).astype(numpy.float32)
    mean0, var0 = mean.copy(), var.copy()
    F.batch_normalization(x, gamma, beta, running_mean=mean, running_var=var, decay=decay,
                          axis=axis)
    x64 = x.astype(numpy.float64)
    m = x.size // gamma.size
    expected_mean = decay * mean0 + (1 - decay) * x64.mean(axis=red)
    expected_var = decay * var0 + (1 - decay) * x64.var(axis=red) * m / (m - 1)
    numpy.testing.assert_allclose(mean, expected_mean, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(var, expected_var, rtol=1e-5, atol=1e-6)


def test_running_statistics_float16():
    x = numpy.random.uniform(-1, 1, (6, 3)).astype(numpy.float16)
    gamma = numpy.ones(3, numpy.float16)
    beta = numpy.zeros(3, numpy.float16)
    mean = numpy.zeros(3, numpy.float16)
    var = numpy.ones(3, numpy.float16)
    F.batch_normalization(x, gamma, beta, running_mean=mean, running_var=var)
    x64 = x.astype(numpy.float64)
    assert mean.dtype == numpy.float16
    numpy.testing.assert_allclose(mean, 0.1 * x64.mean(axis=0), atol=1e-3)
    numpy.testing.assert_allclose(var, 0.9 + 0.1 * x64.var(axis=0) * 6 / 5, atol=1e-3)


def test_function_node_statistics():
    x = numpy.random.uniform(-1, 1, (4, 3, 2)).astype(numpy.float32)
    gamma = numpy.ones(3, numpy.float32)
    beta = numpy.zeros(3, numpy.float32)
    f = bn_module.BatchNormalization()
    f.apply((x, gamma, beta))
    numpy.testing.assert_allclose(f.mean, x.mean(axis=(0, 2)), rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(
        f.inv_std, 1 / numpy.sqrt(x.var(axis=(0, 2)) + 2e-5), rtol=1e-5)
    # running statistics are created when not given
    numpy.testing.assert_allclose(f.running_mean, 0.1 * x.mean(axis=(0, 2)), rtol=1e-5,
                                  atol=1e-6)


def test_mixed_dtypes():
    x = numpy.random.uniform(-1, 1, (5, 3)).astype(numpy.float16)
    gamma = numpy.random.uniform(.5, 1, 3).astype(numpy.float32)
    beta = numpy.random.uniform(-1, 1, 3).astype(numpy.float32)
    xv = chainer.Variable(x)
    gv = chainer.Variable(gamma)
    bv = chainer.Variable(beta)
    y = F.batch_normalization(xv, gv, bv)
    assert y.dtype == numpy.float16
    numpy.testing.assert_allclose(y.array, _bn_reference(x, gamma, beta, (0,), 2e-5),
                                  atol=1e-2, rtol=1e-2)
    y.grad = numpy.ones_like(y.array)
    y.backward()
    assert xv.grad.dtype == numpy.float16
    assert gv.grad.dtype == numpy.float32
    assert bv.grad.dtype == numpy.float32
    numpy.testing.assert_allclose(bv.grad, numpy.full(3, 5.0), rtol=1e-6)


@pytest.mark.parametrize('layout', _LAYOUTS)
@pytest.mark.parametrize('fixed', [False, True])
def test_fast_backward_matches_differentiable_backward(layout, fixed):
    # The array-level fast path (no double backprop) and the Variable backward agree.
    x_shape, gamma_shape, axis = layout
    rng = numpy.random.RandomState(1)
    arrays = [rng.uniform(-1, 1, x_shape), rng.uniform(.5, 1, gamma_shape),
              rng.uniform(-1, 1, gamma_shape)]
    if fixed:
        arrays += [rng.uniform(-1, 1, gamma_shape), rng.uniform(.5, 1, gamma_shape)]
    gy = rng.uniform(-1, 1, x_shape)

    def run(double):
        vs = [chainer.Variable(a.copy()) for a in arrays]
        if fixed:
            y = F.fixed_batch_normalization(*vs, axis=axis)
        else:
            y = F.batch_normalization(*vs, axis=axis)
        y.grad = gy
        y.backward(enable_double_backprop=double)
        return [v.grad for v in vs]

    for a, b in zip(run(False), run(True)):
        numpy.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_gradient_without_input_gradient():
    # Only gamma and beta require gradients: gx is skipped.
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float64)
    gamma = chainer.Variable(numpy.ones(3))
    beta = chainer.Variable(numpy.zeros(3))
    y = F.batch_normalization(x, gamma, beta)
    F.sum(y * y).backward()
    x_hat = (x - x.mean(0)) / numpy.sqrt(x.var(0) + 2e-5)
    numpy.testing.assert_allclose(gamma.grad, (2 * x_hat * x_hat).sum(0), rtol=1e-10)
    numpy.testing.assert_allclose(beta.grad, (2 * x_hat).sum(0), atol=1e-10)


def test_single_sample_warns():
    x = numpy.ones((1, 3), numpy.float32)
    gamma = numpy.ones(3, numpy.float32)
    beta = numpy.zeros(3, numpy.float32)
    with pytest.warns(UserWarning, match='no more than one sample'):
        F.batch_normalization(x, gamma, beta)
    x = numpy.ones((2, 1, 1), numpy.float32)
    with pytest.warns(UserWarning, match='single dimensions'):
        F.batch_normalization(x, numpy.ones((2,), numpy.float32),
                              numpy.zeros((2,), numpy.float32), axis=(1, 2))


def test_removed_and_unknown_arguments():
    x = numpy.zeros((2, 3), numpy.float32)
    g = numpy.ones(3, numpy.float32)
    with pytest.raises(ValueError, match='train argument is not supported'):
        F.batch_normalization(x, g, g, train=True)
    with pytest.raises(TypeError):
        F.batch_normalization(x, g, g, use_cudnn=True)


@pytest.mark.parametrize('x_shape, gamma_shape, beta_shape, axis, x_dtype', [
    ((2, 3), (4,), (4,), None, numpy.float32),       # gamma does not match the channels
    ((2, 3), (3,), (2,), None, numpy.float32),       # beta shape differs from gamma
    ((2, 3), (3,), (3,), None, numpy.int32),         # integer input
    ((3,), (3,), (3,), None, numpy.float32),         # x.ndim must exceed gamma.ndim
    ((2, 3, 4), (3,), (3,), (0, 3), numpy.float32),  # axis out of range
    ((2, 3, 4), (3,), (3,), (0,), numpy.float32),    # key axes (1, 2) vs gamma (3,)
    ((2, 3, 4), (4,), (4,), (-3, 0), numpy.float32),  # duplicate axis
])
def test_invalid_type(x_shape, gamma_shape, beta_shape, axis, x_dtype):
    x = numpy.zeros(x_shape, x_dtype)
    gamma = numpy.ones(gamma_shape, numpy.float32)
    beta = numpy.zeros(beta_shape, numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.batch_normalization(x, gamma, beta, axis=axis)


@pytest.mark.parametrize('fixed', [False, True])
@pytest.mark.parametrize('axis,message', [
    ((1, 0), 'ascending'), ((0, 0, 1), 'ascending'), ((0, -1), 'ascending'),
    (numpy.int64(0), 'must be int'), (0.0, 'must be int'),
])
def test_invalid_axis_argument(fixed, axis, message):
    # RuntimeError as v7: axis is an int, a tuple of ascending ints or None
    x = numpy.zeros((2, 3, 4), numpy.float32)
    g = numpy.ones(4, numpy.float32)
    with pytest.raises(RuntimeError, match=message):
        if fixed:
            F.fixed_batch_normalization(x, g, g, g, g, axis=axis)
        else:
            F.batch_normalization(x, g, g, axis=axis)


def test_fixed_with_statistics_over_every_axis():
    # 0-d parameters (as v7, whose forward pass takes them)
    x = numpy.random.RandomState(0).uniform(-1, 1, (4, 3, 2)).astype(numpy.float32)
    g, b, m, v = (numpy.array(a, numpy.float32) for a in (2., .5, .25, 4.))
    y = F.fixed_batch_normalization(x, g, b, m, v, axis=(0, 1, 2))
    numpy.testing.assert_allclose(y.array, 2 * (x - .25) / numpy.sqrt(4 + 2e-5) + .5,
                                  rtol=1e-5)


def test_fixed_invalid_type():
    x = numpy.zeros((2, 3), numpy.float32)
    g = numpy.ones(3, numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.fixed_batch_normalization(x, g, g, numpy.zeros(4, numpy.float32), g)
    with pytest.raises(type_check.InvalidType):
        F.fixed_batch_normalization(x, g, g, g, g.astype(numpy.float64))


def test_fixed_ignores_train_mode():
    x = numpy.random.uniform(-1, 1, (3, 2)).astype(numpy.float32)
    g = numpy.ones(2, numpy.float32)
    b = numpy.zeros(2, numpy.float32)
    mean = numpy.full(2, .5, numpy.float32)
    var = numpy.full(2, 4., numpy.float32)
    for train in (True, False):
        with chainer.using_config('train', train):
            y = F.fixed_batch_normalization(x, g, b, mean, var)
        numpy.testing.assert_allclose(y.array, (x - .5) / numpy.sqrt(4 + 2e-5), rtol=1e-5,
                                      atol=1e-6)


def _fast_uniform(shape, dtype, low=-1, high=1, seed=0):
    return numpy.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape,axis', [((5, 3), None), ((4, 3, 2, 2), None),
                                        ((4, 3, 2), (0, 2))])
def test_fast_backward(dtype, shape, axis):
    x = _fast_uniform(shape, dtype)
    param_shape = tuple(s for i, s in enumerate(shape) if i not in (axis or (0,)))
    gamma = _fast_uniform(param_shape, dtype, 0.5, 1.5, seed=1)
    beta = _fast_uniform(param_shape, dtype, seed=2)
    gy = _fast_uniform(shape, dtype, seed=3)
    tol = {'atol': 2e-2, 'rtol': 2e-2} if dtype == numpy.float16 else {'rtol': 1e-5,
                                                                      'atol': 1e-6}
    check_fast_backward(bn_module.BatchNormalization,
                        lambda x, g, b: F.batch_normalization(x, g, b, axis=axis),
                        [x, gamma, beta], [gy], **tol)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_fast_backward_of_fixed(dtype):
    x = _fast_uniform((4, 3, 2), dtype)
    gamma, beta, mean = (_fast_uniform((3,), dtype, seed=i) for i in (1, 2, 3))
    var = _fast_uniform((3,), dtype, 0.5, 1.5, seed=4)
    gy = _fast_uniform((4, 3, 2), dtype, seed=5)
    tol = {'atol': 2e-2, 'rtol': 2e-2} if dtype == numpy.float16 else {'rtol': 1e-5,
                                                                      'atol': 1e-6}
    check_fast_backward(bn_module.FixedBatchNormalization, F.fixed_batch_normalization,
                        [x, gamma, beta, mean, var], [gy], **tol)
