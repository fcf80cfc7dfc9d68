import itertools

import numpy
import pytest

import chainer

import chainer.functions as F
from chainer import testing
from chainer.functions.connection import deconvolution_2d as deconv2d_module
from chainer.utils import type_check


def _ref_deconv(x, W, b, stride, pad, dilate, groups, outsize):
    """Naive transposed convolution in float64: scatters every input pixel."""
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    n, ci = x.shape[:2]
    cog = W.shape[1]
    ks = W.shape[2:]
    dims = x.shape[2:]
    if outsize is None:
        outsize = tuple(s * (d - 1) + (k - 1) * dl + 1 - 2 * p
                        for d, k, s, p, dl in zip(dims, ks, stride, pad, dilate))
    big = tuple(o + 2 * p + s * k for o, p, s, k in zip(outsize, pad, stride, ks))
    y = numpy.zeros((n, cog * groups) + big)
    cig = ci // groups
    for c in range(ci):
        g = c // cig
        for pos in itertools.product(*[range(v) for v in dims]):
            for kk in itertools.product(*[range(v) for v in ks]):
                idx = tuple(q * s + k * dl for q, s, k, dl in zip(pos, stride, kk, dilate))
                contrib = x[(slice(None), c) + pos][:, None] * W[(c, slice(None)) + kk][None]
                y[(slice(None), slice(g * cog, (g + 1) * cog)) + idx] += contrib
    y = y[(slice(None), slice(None)) + tuple(slice(p, p + o) for p, o in zip(pad, outsize))]
    if b is not None:
        y += b.reshape((1, -1) + (1,) * len(dims))
    return y


_cases = testing.product({
    'ndim': [2],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'outsize': [None, 'cover_all'],
}) + [
    {'ndim': 1, 'dtype': numpy.float64, 'outsize': None, 'groups': 2, 'dilate': 2},
    {'ndim': 3, 'dtype': numpy.float32, 'outsize': 'cover_all'},
    {'ndim': 2, 'dtype': numpy.float64, 'outsize': None, 'groups': 2, 'dilate': (2, 1),
     'nobias': True},
]


@testing.parameterize(*_cases)
@testing.inject_backend_tests(None, [
    {},
    {'use_cuda': True, 'use_cudnn': 'never'},
    {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'},
])
class TestDeconvolutionND(testing.FunctionTestCase):

    groups = 1
    dilate = 1
    nobias = False

    def setUp(self):
        nd = self.ndim
        self.in_dims = {1: (4,), 2: (3, 2), 3: (2, 2, 3)}[nd]
        self.ksize = {1: (3,), 2: (3, 2), 3: (2, 3, 2)}[nd]
        self.stride = (2,) * nd
        self.pad = (1,) * nd
        self.dil = self.dilate if isinstance(self.dilate, tuple) else (self.dilate,) * nd
        if self.outsize == 'cover_all':
            # the largest output size that still maps back to the input size
            self.outs = tuple(s * (d - 1) + (k - 1) * dl + 1 - 2 * p + s - 1
                              for d, k, s, p, dl in zip(self.in_dims, self.ksize,
                                                        self.stride, self.pad, self.dil))
        else:
            self.outs = None
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
        x = numpy.random.uniform(-1, 1, (2, 4) + self.in_dims).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (4, 6 // self.groups) + self.ksize).astype(self.dtype)
        if self.nobias:
            return x, W
        b = numpy.random.uniform(-1, 1, (6,)).astype(self.dtype)
        return x, W, b

    def forward(self, inputs, device):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        kwargs = dict(stride=self.stride, pad=self.pad, outsize=self.outs,
                      dilate=self.dilate, groups=self.groups)
        f = {1: F.deconvolution_1d, 2: F.deconvolution_2d, 3: F.deconvolution_3d}[self.ndim]
        return f(x, W, b, **kwargs),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        y = _ref_deconv(x, W, b, self.stride, self.pad, self.dil, self.groups, self.outs)
        return y.astype(self.dtype),


def test_default_outsize():
    x = numpy.zeros((1, 2, 3, 4), numpy.float32)
    W = numpy.zeros((2, 3, 3, 3), numpy.float32)
    assert F.deconvolution_2d(x, W, stride=2, pad=1).shape == (1, 3, 5, 7)
    assert F.deconvolution_2d(x, W, stride=2, pad=1, dilate=2).shape == (1, 3, 7, 9)
    assert F.deconvolution_nd(x, W, stride=2, pad=1, outsize=(6, 8)).shape == (1, 3, 6, 8)
    # the accepted output sizes are those that map back to the input, with or without
    # cover_all
    for outsize in [(4, 6), (5, 7), (6, 8)]:
        y = F.deconvolution_2d(x, W, stride=2, pad=1, outsize=outsize)
        assert y.shape == (1, 3) + outsize


@pytest.mark.parametrize('outsize', [(3, 7), (7, 7), (5, 9), (5, 5)])
def test_invalid_outsize(outsize):
    x = numpy.zeros((1, 2, 3, 4), numpy.float32)
    W = numpy.zeros((2, 3, 3, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_2d(x, W, stride=2, pad=1, outsize=outsize)


def test_invalid_types():
    x = numpy.zeros((1, 2, 3, 4), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_2d(x, numpy.zeros((3, 3, 3, 3), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_2d(x, numpy.zeros((2, 3, 3, 3), numpy.float32),
                           numpy.zeros((3, 1), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_2d(x.astype(numpy.int32), numpy.zeros((2, 3, 3, 3), numpy.float32))
    with pytest.raises(type_check.InvalidType):  # v7: only the N-d form takes such a bias
        F.deconvolution_2d(x, numpy.zeros((2, 3, 3, 3), numpy.float32),
                           numpy.zeros((3,), numpy.float64))
    with pytest.raises(ValueError, match='should be'):
        F.deconvolution_3d(x, numpy.zeros((2, 3, 3, 3), numpy.float32))


def test_non_positive_output():
    # v7's errors: RuntimeError from the 2-D function, AssertionError from the N-D one
    with pytest.raises(RuntimeError, match='Height in the output must be positive'):
        F.deconvolution_2d(numpy.zeros((1, 1, 1, 1), numpy.float32),
                           numpy.zeros((1, 1, 1, 1), numpy.float32), pad=1)
    with pytest.raises(AssertionError, match='Output sizes should be positive'):
        F.deconvolution_nd(numpy.zeros((1, 2, 3), numpy.float32),
                           numpy.zeros((2, 3, 1), numpy.float32), pad=2)
    with pytest.raises(AssertionError, match='Output sizes should be positive'):  # also 2-d
        F.deconvolution_nd(numpy.zeros((1, 1, 1, 1), numpy.float32),
                           numpy.zeros((1, 1, 1, 1), numpy.float32), pad=1)


def test_explicit_empty_output_dimension():
    # v7 accepts an outsize with an empty dimension when it maps back to the input.
    x = chainer.Variable(numpy.ones((1, 2, 3, 3, 2), numpy.float32))
    y = F.deconvolution_nd(x, numpy.ones((2, 3, 2, 2, 1), numpy.float32), pad=1,
                           outsize=(2, 2, 0))
    assert y.shape == (1, 3, 2, 2, 0)
    y.grad = numpy.ones(y.shape, numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.zeros(x.shape, numpy.float32))


def test_node_attributes_and_removed_argument():
    node = deconv2d_module.Deconvolution2DFunction(stride=2, pad=(1, 0), outsize=(5, 6))
    assert (node.sy, node.sx, node.ph, node.pw, node.outh, node.outw) == (2, 2, 1, 0, 5, 6)
    with pytest.raises(ValueError, match='deterministic'):
        F.deconvolution_2d(numpy.zeros((1, 1, 2, 2), 'f'), numpy.zeros((1, 1, 2, 2), 'f'),
                           deterministic=True)


@pytest.mark.parametrize('x_dtype, W_dtype, b_dtype', [
    ('float64', 'float32', 'float32'), ('float32', 'float64', 'float64'),
    ('float16', 'float32', 'float32'), ('float32', 'float32', 'float64')])
def test_inputs_of_different_float_dtypes(x_dtype, W_dtype, b_dtype):
    # as in v7: the output has x's dtype, each gradient its input's
    rng = numpy.random.RandomState(0)
    x = chainer.Variable(rng.uniform(-1, 1, (2, 2, 3)).astype(x_dtype))
    W = chainer.Variable(rng.uniform(-1, 1, (2, 3, 2)).astype(W_dtype))
    b = chainer.Variable(rng.uniform(-1, 1, 3).astype(b_dtype))
    y = F.deconvolution_nd(x, W, b)
    assert y.dtype == x_dtype
    tol = {'atol': 2e-2, 'rtol': 2e-2} if 'float16' in (x_dtype, W_dtype) else {}
    testing.assert_allclose(
        y.array, _ref_deconv(x.array, W.array, b.array, (1,), (0,), (1,), 1, None), **tol)
    y.grad = numpy.ones(y.shape, x_dtype)
    y.backward()
    assert (x.grad.dtype, W.grad.dtype, b.grad.dtype) == (x.dtype, W.dtype, b.dtype)
    gy = rng.uniform(-1, 1, y.shape).astype(x_dtype)
    chainer.gradient_check.check_backward(
        F.deconvolution_nd, (x.array, W.array, b.array), gy, dtype=numpy.float64, atol=5e-2,
        rtol=5e-2)


@pytest.mark.parametrize('func', [F.deconvolution_2d, F.deconvolution_nd])
@pytest.mark.parametrize('groups,b_size', [(1, 2), (2, 3)])
def test_bias_size_mismatch(func, groups, b_size):
    # ValueError as v7 (the bias's size is not type-checked there)
    x = numpy.zeros((1, 2, 3, 4), numpy.float32)
    W = numpy.zeros((2, 3 // groups, 3, 3), numpy.float32)
    with pytest.raises(ValueError, match='size of b'):
        func(x, W, numpy.zeros((b_size,), numpy.float32), groups=groups)


@pytest.mark.parametrize('func,error', [
    (F.deconvolution_nd, TypeError), (F.deconvolution_2d, ValueError)])
def test_groups_not_dividing_input_channels(func, error):
    # as v7: TypeError from the N-d function, ValueError from the 2-d one
    x = numpy.zeros((1, 3, 3, 4), numpy.float32)
    with pytest.raises(error, match='divisor'):
        func(x, numpy.zeros((3, 2, 3, 3), numpy.float32), groups=2)


def test_outsize_length_mismatch():
    # AssertionError as v7's N-d function (and ValueError as its 2-d one)
    x = numpy.zeros((1, 2, 3), numpy.float32)
    W = numpy.zeros((2, 3, 3), numpy.float32)
    for error in (AssertionError, ValueError):
        with pytest.raises(error):
            F.deconvolution_nd(x, W, outsize=(5, 5))
