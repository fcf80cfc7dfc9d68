import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.connection import convolution_2d as conv2d_module
from chainer.utils import type_check


def _ref_conv(x, W, b, stride, pad, dilate, groups, cover_all):
    """Naive N-D convolution in float64 (loops over output and kernel positions)."""
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    n = x.shape[0]
    co, cg = W.shape[:2]
    ks = W.shape[2:]
    outs = []
    for d, k, s, p, dl in zip(x.shape[2:], ks, stride, pad, dilate):
        extra = s - 1 if cover_all else 0
        outs.append((d + 2 * p - ((k - 1) * dl + 1) + extra) // s + 1)
    xp = numpy.pad(x, [(0, 0), (0, 0)] + [(p, p + s) for p, s in zip(pad, stride)])
    y = numpy.zeros((n, co) + tuple(outs))
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


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


_cases = (
    testing.product({
        'stride': [2], 'pad': [1], 'dilate': [1], 'groups': [1],
        'cover_all': [False, True], 'nobias': [False],
        'x_dtype': [numpy.float16, numpy.float32, numpy.float64],
    }) + [
        {'stride': 1, 'pad': 2, 'dilate': 2, 'groups': 2, 'cover_all': False,
         'nobias': True, 'x_dtype': numpy.float64},
        {'stride': (1, 2), 'pad': (0, 1), 'dilate': (1, 2), 'groups': 2, 'cover_all': True,
         'nobias': False, 'x_dtype': numpy.float32},
        {'stride': 3, 'pad': 0, 'dilate': 1, 'groups': 4, 'cover_all': True,
         'nobias': False, 'x_dtype': numpy.float64},
    ])
for _c in _cases:
    _c.setdefault('W_dtype', _c['x_dtype'])
_cases.append({'stride': 1, 'pad': 1, 'dilate': 1, 'groups': 1, 'cover_all': False,
               'nobias': False, 'x_dtype': numpy.float16, 'W_dtype': numpy.float32})


@testing.parameterize(*_cases)
@testing.inject_backend_tests(None, [
    {},
    {'use_cuda': True, 'use_cudnn': 'never'},
    {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'},
])
class TestConvolution2D(testing.FunctionTestCase):

    def setUp(self):
        if numpy.float16 in (self.x_dtype, self.W_dtype):
            self.check_forward_options = {'atol': 2e-2, 'rtol': 5e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = self.check_backward_options
        else:
            self.check_forward_options = {'atol': 1e-5, 'rtol': 1e-4}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
            self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 4, 5, 4)).astype(self.x_dtype)
        W = numpy.random.uniform(
            -1, 1, (4, 4 // self.groups, 3, 2)).astype(self.W_dtype)
        if self.nobias:
            return x, W
        b = numpy.random.uniform(-1, 1, (4,)).astype(self.x_dtype)
        return x, W, b

    def forward(self, inputs, device):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        return F.convolution_2d(
            x, W, b, stride=self.stride, pad=self.pad, cover_all=self.cover_all,
            dilate=self.dilate, groups=self.groups),

    def forward_expected(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        y = _ref_conv(x, W, b, _pair(self.stride), _pair(self.pad), _pair(self.dilate),
                      self.groups, self.cover_all)
        return y.astype(self.x_dtype),


def test_output_dtype_and_shape():
    x = numpy.zeros((1, 2, 7, 7), numpy.float32)
    W = numpy.zeros((3, 2, 3, 3), numpy.float32)
    y = F.convolution_2d(x, W, stride=2, pad=1)
    assert y.shape == (1, 3, 4, 4)
    assert y.dtype == numpy.float32
    y = F.convolution_2d(x, W, stride=3, cover_all=True)
    assert y.shape == (1, 3, 3, 3)
    assert F.convolution_2d(x, W, stride=3).shape == (1, 3, 2, 2)


def test_node_attributes():
    node = conv2d_module.Convolution2DFunction(stride=(2, 3), pad=(1, 0), dilate=2, groups=2)
    assert (node.sy, node.sx, node.ph, node.pw, node.dy, node.dx) == (2, 3, 1, 0, 2, 2)
    assert node.groups == 2


@pytest.mark.parametrize('shapes', [
    ((1, 3, 5, 5), (2, 2, 3, 3), None),      # channel mismatch
    ((1, 2, 5), (2, 2, 3, 3), None),         # x is 3-D
    ((1, 2, 5, 5), (2, 2, 3), None),         # W is 3-D
    ((1, 2, 5, 5), (2, 2, 3, 3), (3,)),      # bias size
])
def test_invalid_shapes(shapes):
    x_shape, w_shape, b_shape = shapes
    x = numpy.zeros(x_shape, numpy.float32)
    W = numpy.zeros(w_shape, numpy.float32)
    b = None if b_shape is None else numpy.zeros(b_shape, numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.convolution_2d(x, W, b)


def test_invalid_dtypes():
    with pytest.raises(type_check.InvalidType):
        F.convolution_2d(numpy.zeros((1, 2, 3, 3), numpy.int32),
                         numpy.zeros((1, 2, 3, 3), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.convolution_2d(numpy.zeros((1, 2, 3, 3), numpy.float32),
                         numpy.zeros((1, 2, 3, 3), numpy.float32),
                         numpy.zeros((1,), numpy.float64))


def test_groups_not_dividing_output_channels():
    # ValueError as v7
    with pytest.raises(ValueError):
        F.convolution_2d(numpy.zeros((1, 4, 3, 3), numpy.float32),
                         numpy.zeros((3, 2, 1, 1), numpy.float32), groups=2)


def test_groups_not_matching_input_channels():
    with pytest.raises(type_check.InvalidType):
        F.convolution_2d(numpy.zeros((1, 3, 3, 3), numpy.float32),
                         numpy.zeros((2, 1, 1, 1), numpy.float32), groups=2)


@pytest.mark.parametrize('kwargs', [{}, {'pad': -1}, {'dilate': 2}])
def test_output_size_not_positive(kwargs):
    # AssertionError as v7
    with pytest.raises(AssertionError, match='must be positive'):
        F.convolution_2d(numpy.zeros((1, 1, 2, 2), numpy.float32),
                         numpy.zeros((1, 1, 3, 3), numpy.float32), **kwargs)


def test_removed_arguments():
    x = numpy.zeros((1, 1, 3, 3), numpy.float32)
    W = numpy.zeros((1, 1, 3, 3), numpy.float32)
    with pytest.raises(ValueError, match='deterministic'):
        F.convolution_2d(x, W, deterministic=True)
    with pytest.raises(TypeError):
        F.convolution_2d(x, W, unknown=1)


def test_no_backprop_mode_and_variable_inputs():
    x = chainer.Variable(numpy.random.rand(1, 1, 3, 3).astype(numpy.float32))
    W = chainer.Variable(numpy.random.rand(2, 1, 2, 2).astype(numpy.float32))
    with chainer.no_backprop_mode():
        y = F.convolution_2d(x, W)
    assert y.creator is None
    y = F.convolution_2d(x, W)
    F.sum(y).backward()
    assert x.grad.shape == x.shape and W.grad.shape == W.shape
