import numpy
import pytest

import chainer.functions as F
from chainer import testing


def _bilinear(img, y, x):
    # img (C, H, W), zero outside
    c, h, w = img.shape
    y0, x0 = int(numpy.floor(y)), int(numpy.floor(x))
    out = numpy.zeros(c)
    for yy, wy in ((y0, 1 - (y - y0)), (y0 + 1, y - y0)):
        for xx, wx in ((x0, 1 - (x - x0)), (x0 + 1, x - x0)):
            if 0 <= yy < h and 0 <= xx < w:
                out += wy * wx * img[:, yy, xx]
    return out


def _ref(x, offset, W, b, stride, pad):
    x = numpy.pad(x.astype(numpy.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    offset = offset.astype(numpy.float64)
    W = W.astype(numpy.float64)
    n = x.shape[0]
    co, ci, kh, kw = W.shape
    oh, ow = offset.shape[2:]
    y = numpy.zeros((n, co, oh, ow))
    for b_ in range(n):
        for i in range(oh):
            for j in range(ow):
                for ky in range(kh):
                    for kx in range(kw):
                        t = ky * kw + kx
                        sy = i * stride + ky + offset[b_, kh * kw + t, i, j]
                        sx = j * stride + kx + offset[b_, t, i, j]
                        v = _bilinear(x[b_], sy, sx)
                        y[b_, :, i, j] += W[:, :, ky, kx].dot(v)
    if b is not None:
        y += b[None, :, None, None]
    return y


@testing.parameterize(*testing.product({
    'dtype': [numpy.float32, numpy.float64],
    'nobias': [False, True],
}))
@testing.inject_backend_tests(None, [{}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestDeformableConvolution2DSampler(testing.FunctionTestCase):

    skip_double_backward_test = True

    def setUp(self):
        self.check_forward_options = {'atol': 1e-4, 'rtol': 1e-3}
        self.check_backward_options = {'dtype': numpy.float64, 'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 2, 4, 4)).astype(self.dtype)
        # offsets kept away from integers so that bilinear sampling is differentiable
        offset = (numpy.random.randint(-1, 2, (2, 8, 2, 2))
                  + numpy.random.uniform(0.2, 0.8, (2, 8, 2, 2))).astype(self.dtype)
        W = numpy.random.uniform(-1, 1, (3, 2, 2, 2)).astype(self.dtype)
        if self.nobias:
            return x, offset, W
        return x, offset, W, numpy.random.uniform(-1, 1, (3,)).astype(self.dtype)

    def forward(self, inputs, device):
        b = inputs[3] if len(inputs) == 4 else None
        return F.deformable_convolution_2d_sampler(
            inputs[0], inputs[1], inputs[2], b, stride=2, pad=1),

    def forward_expected(self, inputs):
        b = inputs[3] if len(inputs) == 4 else None
        return _ref(inputs[0], inputs[1], inputs[2], b, 2, 1).astype(self.dtype),


def test_zero_offset_equals_convolution():
    x = numpy.random.rand(1, 2, 5, 5)
    W = numpy.random.rand(3, 2, 3, 3)
    offset = numpy.zeros((1, 18, 3, 3))
    y = F.deformable_convolution_2d_sampler(x, offset, W, stride=2, pad=1)
    numpy.testing.assert_allclose(
        y.array, F.convolution_2d(x, W, stride=2, pad=1).array, atol=1e-12)


def test_offset_shape_mismatch():
    with pytest.raises(ValueError):
        F.deformable_convolution_2d_sampler(
            numpy.zeros((1, 2, 5, 5)), numpy.zeros((1, 9, 3, 3)), numpy.zeros((3, 2, 3, 3)))
