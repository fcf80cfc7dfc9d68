import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.pooling import unpooling_2d as unpool2d_module
from chainer.utils import type_check


def _ref_unpool(x, ksize, stride, pad, outs):
    big = tuple(o + 2 * p + s + k for o, p, s, k in zip(outs, pad, stride, ksize))
    y = numpy.zeros(x.shape[:2] + big)
    for pos in itertools.product(*[range(d) for d in x.shape[2:]]):
        sl = tuple(slice(q * s, q * s + k) for q, s, k in zip(pos, stride, ksize))
        y[(slice(None), slice(None)) + sl] += x[(slice(None), slice(None)) + pos][
            (Ellipsis,) + (None,) * len(ksize)]
    crop = tuple(slice(p, p + o) for p, o in zip(pad, outs))
    return y[(slice(None), slice(None)) + crop]


def _deconv_out(d, k, s, p, cover_all):
    return s * (d - 1) + k - 2 * p - (s - 1 if cover_all else 0)


_shapes = {1: (2, 3, 4), 2: (2, 3, 3, 2), 3: (1, 2, 2, 3, 2)}


@testing.parameterize(*(testing.product({
    'ndim': [1, 2, 3],
    'cover_all': [True, False],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}) + [
    {'ndim': 2, 'cover_all': False, 'dtype': numpy.float64, 'ksize': 3, 'stride': 2,
     'pad': 1, 'outsize': (6, 4)},
    {'ndim': 2, 'cover_all': True, 'dtype': numpy.float64, 'ksize': (2, 3), 'stride': None,
     'pad': 0},
]))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestUnpoolingND(testing.FunctionTestCase):

    ksize = 2
    stride = 2
    pad = 0
    outsize = None

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {'dtype': numpy.float64, 'atol': 5e-3, 'rtol': 5e-3}
        else:
            self.check_backward_options = {'atol': 1e-4, 'rtol': 1e-3}
        self.check_double_backward_options = self.check_backward_options

    def _params(self):
        def tup(v):
            return v if isinstance(v, tuple) else (v,) * self.ndim
        ksize = tup(self.ksize)
        stride = ksize if self.stride is None else tup(self.stride)
        pad = tup(self.pad)
        if self.outsize is not None:
            outs = self.outsize
        else:
            outs = tuple(_deconv_out(d, k, s, p, self.cover_all) for d, k, s, p in
                         zip(_shapes[self.ndim][2:], ksize, stride, pad))
        return ksize, stride, pad, outs

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, _shapes[self.ndim]).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        f = {1: F.unpooling_1d, 2: F.unpooling_2d, 3: F.unpooling_3d}[self.ndim]
        return f(x, self.ksize, self.stride, self.pad, outsize=self.outsize,
                 cover_all=self.cover_all),

    def forward_expected(self, inputs):
        return _ref_unpool(inputs[0], *self._params()).astype(self.dtype),


def test_unpooling_nd_generic():
    x = numpy.arange(4, dtype='f').reshape(1, 1, 2, 2)
    y = F.unpooling_nd(x, 2, cover_all=False)
    numpy.testing.assert_array_equal(
        y.array[0, 0], [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]])
    node = unpool2d_module.Unpooling2D(2, outsize=(4, 5))
    assert (node.kh, node.sy, node.outh, node.outw) == (2, 2, 4, 5)


def test_unpooling_invalid_outsize():
    x = numpy.zeros((1, 1, 2, 2), 'f')
    with pytest.raises(type_check.InvalidType):
        F.unpooling_2d(x, 2, outsize=(7, 4), cover_all=False)
    with pytest.raises(ValueError, match='should be'):
        F.unpooling_1d(x, 2)


def test_unpooling_output_cropped_away():
    # v7 gives an empty output (not an error) where the padding exceeds the computed size
    x = chainer.Variable(numpy.ones((1, 2, 1), 'f'))
    y = F.unpooling_nd(x, 1, 1, 1, cover_all=False)
    assert y.shape == (1, 2, 0)
    y.grad = numpy.ones((1, 2, 0), 'f')
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.zeros((1, 2, 1), 'f'))
