import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref(x, W, b, stride, pad):
    x = numpy.pad(x.astype(numpy.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    W = W.astype(numpy.float64)
    cm, ci, kh, kw = W.shape
    oh = (x.shape[2] - kh) // stride + 1
    ow = (x.shape[3] - kw) // stride + 1
    y = numpy.zeros((x.shape[0], ci * cm, oh, ow))
    for c in range(ci):
        for m in range(cm):
            for i in range(oh):
                for j in range(ow):
                    patch = x[:, c, i * stride:i * stride + kh, j * stride:j * stride + kw]
                    y[:, c * cm + m, i, j] = (patch * W[m, c]).sum(axis=(1, 2))
    if b is not None:
        y += b[None, :, None, None]
    return y


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDepthwiseConvolution2D(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 5e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 1e-4, 'rtol': 1e-4}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 3, 5, 4)).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (2, 3, 3, 2)).astype(self.dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, (6,)).astype(self.dtype)

    def forward(self, inputs, device):
        b = inputs[2] if len(inputs) == 3 else None
        return F.depthwise_convolution_2d(inputs[0], inputs[1], b, stride=2, pad=1),

    def forward_expected(self, inputs):
        b = inputs[2] if len(inputs) == 3 else None
        return _ref(inputs[0], inputs[1], b, 2, 1).astype(self.dtype),


def test_depthwise_invalid_channels():
    with pytest.raises(type_check.InvalidType):
        F.depthwise_convolution_2d(numpy.zeros((1, 2, 4, 4), 'f'),
                                   numpy.zeros((2, 3, 2, 2), 'f'))
