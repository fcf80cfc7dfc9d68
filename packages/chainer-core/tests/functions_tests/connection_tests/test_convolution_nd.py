import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.connection import convolution_nd as convnd_module
from chainer.testing._fast_backward import check_fast_backward
from chainer.utils import type_check


def _ref_conv(x, W, b, stride, pad, dilate, groups, cover_all):
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    co, cg = W.shape[:2]
    ks = W.shape[2:]
    outs = []
    for d, k, s, p, dl in zip(x.shape[2:], ks, stride, pad, dilate):
        extra = s - 1 if cover_all else 0
        outs.append((d + 2 * p - ((k - 1) * dl + 1) + extra) // s + 1)
    xp = numpy.pad(x, [(0, 0), (0, 0)] + [(p, p + s) for p, s in zip(pad, stride)])
    y = numpy.zeros((x.shape[0], co) + tuple(outs))
    for o in range(co):
        g = o // (co // groups)
        for pos in itertools.product(*[range(v) for v in outs]):
            for kk in itertools.product(*[range(v) for v in ks]):
                idx = tuple(q * s + k * dl for q, s, k, dl in zip(pos, stride, kk, dilate))
                patch = xp[(slice(None), slice(g * cg, (g + 1) * cg)) + idx]
                y[(slice(None), o) + pos] += patch.dot(W[(o, slice(None)) + kk])
    if b is not None:
        y += b.reshape((1, co) + (1,) * len(outs))
    return y


_x_shapes = {1: (2, 4, 7), 2: (1, 2, 4, 5), 3: (1, 2, 4, 3, 4)}
_w_spatial = {1: (3,), 2: (2, 3), 3: (2, 2, 3)}

_cases = testing.product({
    'ndim': [1, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'cover_all': [False, True],
    'func': ['nd'],
}) + [
    {'ndim': 1, 'dtype': numpy.float64, 'cover_all': False, 'func': 'alias', 'groups': 2,
     'dilate': 2},
    {'ndim': 3, 'dtype': numpy.float32, 'cover_all': True, 'func': 'alias', 'groups': 2,
     'dilate': (1, 2, 1)},
    {'ndim': 2, 'dtype': numpy.float64, 'cover_all': False, 'func': 'nd', 'groups': 1,
     'dilate': 1},
]


@testing.parameterize(*_cases)
@testing.inject_backend_tests(None, [
    {},
    {'use_cuda': True, 'use_cudnn': 'never'},
    {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'},
])
class TestConvolutionND(testing.FunctionTestCase):

    groups = 1
    dilate = 1

    def setUp(self):
        nd = self.ndim
        self.stride = (2,) * nd if nd != 3 else (1, 2, 2)
        self.pad = (1,) * nd
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 2e-2, 'rtol': 5e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-4}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x_shape = _x_shapes[self.ndim]
        c = x_shape[1]
        x = numpy.random.uniform(-1, 1, x_shape).astype(self.dtype)
        W = numpy.random.uniform(
            -1, 1, (4, c // self.groups) + _w_spatial[self.ndim]).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, (4,)).astype(self.dtype)
        return x, W, b

    def forward(self, inputs, device):
        x, W, b = inputs
        kwargs = dict(stride=self.stride, pad=self.pad, cover_all=self.cover_all,
                      dilate=self.dilate, groups=self.groups)
        if self.func == 'alias':
            f = {1: F.convolution_1d, 3: F.convolution_3d}[self.ndim]
        else:
            f = F.convolution_nd
        return f(x, W, b, **kwargs),

    def forward_expected(self, inputs):
        x, W, b = inputs
        dilate = self.dilate if isinstance(self.dilate, tuple) else (self.dilate,) * self.ndim
        y = _ref_conv(x, W, b, self.stride, self.pad, dilate, self.groups, self.cover_all)
        return y.astype(self.dtype),


@pytest.mark.parametrize('func,shape', [
    (F.convolution_1d, (1, 1, 3, 3)),
    (F.convolution_3d, (1, 1, 3, 3)),
])
def test_wrong_spatial_ndim(func, shape):
    x = numpy.zeros(shape, numpy.float32)
    W = numpy.zeros((1, 1, 1, 1), numpy.float32)
    with pytest.raises(ValueError, match='should be'):
        func(x, W)


def test_invalid_type():
    x = numpy.zeros((1, 2, 5, 5, 5), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.convolution_nd(x.astype(numpy.int32), numpy.zeros((1, 2, 2, 2, 2), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        convnd_module.ConvolutionND(2).apply((x, numpy.zeros((1, 2, 2, 2, 2), 'f')))


@pytest.mark.parametrize('ndim', [1, 2, 3])
def test_channel_mismatch(ndim):
    # ValueError as v7 (the N-d function checks the channels in its forward pass)
    x = numpy.zeros((1, 2) + (4,) * ndim, numpy.float32)
    with pytest.raises(ValueError, match='input channels'):
        F.convolution_nd(x, numpy.zeros((1, 3) + (2,) * ndim, numpy.float32))
    with pytest.raises(ValueError, match='input channels'):
        F.convolution_nd(numpy.zeros((1, 4) + (4,) * ndim, numpy.float32),
                         numpy.zeros((2, 3) + (2,) * ndim, numpy.float32), groups=2)


@pytest.mark.parametrize('x_channels,out_channels', [(3, 2), (4, 3)])
def test_groups_not_dividing_channels(x_channels, out_channels):
    # TypeError as v7
    x = numpy.zeros((1, x_channels, 4), numpy.float32)
    W = numpy.zeros((out_channels, x_channels // 2, 2), numpy.float32)
    with pytest.raises(TypeError, match='divisor'):
        F.convolution_nd(x, W, groups=2)


@pytest.mark.parametrize('kwarg', ['stride', 'pad', 'dilate'])
def test_tuple_length_mismatch(kwarg):
    # v7 raises AssertionError from its N-d functions, ValueError from its 2-d ones
    for error in (ValueError, AssertionError):
        with pytest.raises(error):
            F.convolution_nd(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((1, 1, 2, 2), 'f'),
                             **{kwarg: (1, 1, 1)})
        with pytest.raises(error):
            F.convolution_2d(numpy.zeros((1, 1, 4, 4), 'f'), numpy.zeros((1, 1, 2, 2), 'f'),
                             **{kwarg: (1, 1, 1)})


# --- array-level backward (``_backward_arrays``) and the kept patch matrix -----------------

@pytest.mark.parametrize('ndim,kwargs', [
    (2, dict(stride=1, pad=1)),
    (2, dict(stride=2, pad=(0, 1), cover_all=True)),
    (2, dict(stride=(1, 2), pad=2, dilate=2, groups=2)),
    (1, dict(stride=2, pad=1)),
    (3, dict(stride=(1, 2, 1), pad=1, groups=2)),
])
@pytest.mark.parametrize('with_bias', [True, False])
def test_fast_backward(ndim, kwargs, with_bias):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (2, 4) + (5,) * ndim).astype(numpy.float32)
    W = rng.uniform(-1, 1, (6, 4 // kwargs.get('groups', 1)) + (3,) * ndim).astype('f')
    b = rng.uniform(-1, 1, 6).astype(numpy.float32)
    arrays = [x, W, b] if with_bias else [x, W]

    def fn(*args):
        return F.convolution_nd(*args, **kwargs)

    with chainer.no_backprop_mode():
        gy = rng.uniform(-1, 1, fn(*arrays).shape).astype(numpy.float32)
    check_fast_backward(convnd_module.ConvolutionND, fn, arrays, [gy], atol=1e-6, rtol=1e-5)


def test_patch_matrix_kept_for_the_filter_gradient_only():
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-1, 1, (2, 3, 6, 6)).astype(numpy.float32)
    W = chainer.Variable(rng.uniform(-1, 1, (4, 3, 3, 3)).astype(numpy.float32))
    y = F.convolution_2d(x, W, pad=1)
    node = y.creator
    assert node._col is not None and node._col[0] is x
    F.sum(y).backward()
    assert node._col is None                        # used once, then released
    expected = W.grad.copy()
    # without a filter gradient or without backprop, nothing is kept
    y = F.convolution_2d(chainer.Variable(x), W.array, pad=1)
    assert y.creator._col is None
    with chainer.no_backprop_mode():
        assert F.convolution_2d(x, W, pad=1).creator is None
    W.cleargrad()
    y = F.convolution_2d(x, W, pad=1)
    y.creator._col = None                           # the gradient recomputes the patches
    F.sum(y).backward()
    numpy.testing.assert_allclose(W.grad, expected, rtol=1e-6, atol=1e-6)


def test_patch_matrix_size_limit(monkeypatch):
    monkeypatch.setattr(convnd_module, '_KEEP_COL_MAX_BYTES', 0)
    x = numpy.ones((1, 1, 4, 4), numpy.float32)
    W = chainer.Variable(numpy.ones((1, 1, 2, 2), numpy.float32))
    y = F.convolution_2d(x, W)
    assert y.creator._col is None
    F.sum(y).backward()
    numpy.testing.assert_array_equal(W.grad, numpy.full((1, 1, 2, 2), 9, numpy.float32))


_MIXED_DTYPES = [('float64', 'float32', 'float32'), ('float32', 'float64', 'float64'),
                 ('float16', 'float32', 'float32'), ('float32', 'float32', 'float64')]


@pytest.mark.parametrize('x_dtype, W_dtype, b_dtype', _MIXED_DTYPES)
def test_inputs_of_different_float_dtypes(x_dtype, W_dtype, b_dtype):
    # as in v7: the output has x's dtype, each gradient its input's
    rng = numpy.random.RandomState(0)
    x = chainer.Variable(rng.uniform(-1, 1, (2, 2, 5)).astype(x_dtype))
    W = chainer.Variable(rng.uniform(-1, 1, (3, 2, 2)).astype(W_dtype))
    b = chainer.Variable(rng.uniform(-1, 1, 3).astype(b_dtype))
    y = F.convolution_nd(x, W, b, pad=1)
    assert y.dtype == x_dtype
    tol = {'atol': 2e-2, 'rtol': 2e-2} if 'float16' in (x_dtype, W_dtype) else {}
    testing.assert_allclose(
        y.array, _ref_conv(x.array, W.array, b.array, (1,), (1,), (1,), 1, False), **tol)
    y.grad = numpy.ones(y.shape, x_dtype)
    y.backward()
    assert (x.grad.dtype, W.grad.dtype, b.grad.dtype) == (x.dtype, W.dtype, b.dtype)
    testing.assert_allclose(b.grad, numpy.full(3, 2 * 6), **tol)
    gy = rng.uniform(-1, 1, y.shape).astype(x_dtype)
    chainer.gradient_check.check_backward(
        lambda *args: F.convolution_nd(*args, pad=1), (x.array, W.array, b.array), gy,
        dtype=numpy.float64, atol=5e-2, rtol=5e-2)
