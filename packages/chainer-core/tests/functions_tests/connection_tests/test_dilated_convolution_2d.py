import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref(x, W, b, stride, pad, dilate, cover_all):
    x = numpy.pad(x.astype(numpy.float64),
                  ((0, 0), (0, 0), (pad, pad + stride), (pad, pad + stride)))
    W = W.astype(numpy.float64)
    co, ci, kh, kw = W.shape
    h, w = x.shape[2] - 2 * pad - stride, x.shape[3] - 2 * pad - stride
    extra = stride - 1 if cover_all else 0
    oh = (h + 2 * pad - (kh - 1) * dilate - 1 + extra) // stride + 1
    ow = (w + 2 * pad - (kw - 1) * dilate - 1 + extra) // stride + 1
    y = numpy.zeros((x.shape[0], co, oh, ow))
    for i in range(oh):
        for j in range(ow):
            patch = x[:, :, i * stride:i * stride + (kh - 1) * dilate + 1:dilate,
                      j * stride:j * stride + (kw - 1) * dilate + 1:dilate]
            y[:, :, i, j] = numpy.tensordot(patch, W, ((1, 2, 3), (1, 2, 3)))
    return y + b[None, :, None, None]


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'cover_all': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDilatedConvolution2D(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 2e-2, 'rtol': 5e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 3, 6, 5)).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (2, 3, 2, 2)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, (2,)).astype(self.dtype)
        return x, W, b

    def forward(self, inputs, device):
        x, W, b = inputs
        return F.dilated_convolution_2d(x, W, b, stride=2, pad=1, dilate=2,
                                        cover_all=self.cover_all),

    def forward_expected(self, inputs):
        x, W, b = inputs
        return _ref(x, W, b, 2, 1, 2, self.cover_all).astype(self.dtype),


def test_dilated_invalid():
    with pytest.raises(type_check.InvalidType):
        F.dilated_convolution_2d(numpy.zeros((1, 2, 5, 5), 'f'),
                                 numpy.zeros((1, 3, 2, 2), 'f'), dilate=2)
