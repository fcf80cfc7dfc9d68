import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref(x, W, b, stride):
    x = x.astype(numpy.float64)
    W = W.astype(numpy.float64)
    co, oh, ow, ci, kh, kw = W.shape
    sy, sx = stride
    y = numpy.zeros((x.shape[0], co, oh, ow))
    for i in range(oh):
        for j in range(ow):
            patch = x[:, :, i * sy:i * sy + kh, j * sx:j * sx + kw]
            y[:, :, i, j] = numpy.tensordot(patch, W[:, i, j], ((1, 2, 3), (1, 2, 3)))
    if b is not None:
        y += b[None]
    return y


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'nobias': [False, True],
    'stride': [(1, 1), (2, 1)],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestLocalConvolution2D(testing.FunctionTestCase):

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
        h, w, kh, kw = 5, 4, 2, 3
        oh = (h - kh) // self.stride[0] + 1
        ow = (w - kw) // self.stride[1] + 1
        x = numpy.random.uniform(-1, 1, (2, 3, h, w)).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (2, oh, ow, 3, kh, kw)).astype(self.dtype)
        if self.nobias:
            return x, W
        return x, W, numpy.random.uniform(-1, 1, (2, oh, ow)).astype(self.dtype)

    def forward(self, inputs, device):
        b = inputs[2] if len(inputs) == 3 else None
        return F.local_convolution_2d(inputs[0], inputs[1], b, stride=self.stride),

    def forward_expected(self, inputs):
        b = inputs[2] if len(inputs) == 3 else None
        return _ref(inputs[0], inputs[1], b, self.stride).astype(self.dtype),


@pytest.mark.parametrize('w_shape,b_shape', [
    ((2, 3, 3, 3, 2, 2), None),      # output size mismatch (expects 3x2... for stride 1)
    ((2, 3, 2, 2, 2, 2), None),      # channel mismatch
    ((2, 3, 2, 3, 2, 2), (2, 3, 3)),  # bias shape
])
def test_local_convolution_invalid(w_shape, b_shape):
    x = numpy.zeros((1, 3, 4, 3), 'f')
    b = None if b_shape is None else numpy.zeros(b_shape, 'f')
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(x, numpy.zeros(w_shape, 'f'), b)
