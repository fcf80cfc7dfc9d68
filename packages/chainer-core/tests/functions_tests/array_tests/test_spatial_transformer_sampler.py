import math

import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


def _sample_ref(x, grid):
    # Bilinear sampling; pixels outside the image are zero.
    B, C, H, W = x.shape
    _, _, oh, ow = grid.shape
    x = x.astype(numpy.float64)
    y = numpy.zeros((B, C, oh, ow))

    def pixel(b, r, c):
        if 0 <= r < H and 0 <= c < W:
            return x[b, :, r, c]
        return 0.

    for b in range(B):
        for i in range(oh):
            for j in range(ow):
                px = (float(grid[b, 0, i, j]) + 1) * (W - 1) / 2
                py = (float(grid[b, 1, i, j]) + 1) * (H - 1) / 2
                x0 = math.floor(px)
                y0 = math.floor(py)
                wx = px - x0
                wy = py - y0
                y[b, :, i, j] = (
                    (1 - wx) * (1 - wy) * pixel(b, y0, x0)
                    + wx * (1 - wy) * pixel(b, y0, x0 + 1)
                    + (1 - wx) * wy * pixel(b, y0 + 1, x0)
                    + wx * wy * pixel(b, y0 + 1, x0 + 1))
    return y


def _random_grid(B, H, W, out_shape, dtype):
    # Pixel coordinates away from integers (where bilinear sampling is not
    # differentiable), some of them outside of the image.
    def coords(size, n):
        base = numpy.random.randint(-2, size + 1, n)
        frac = numpy.random.uniform(0.2, 0.8, n)
        return base + frac
    n = B * out_shape[0] * out_shape[1]
    px = coords(W, n)
    py = coords(H, n)
    gx = px * 2 / (W - 1) - 1
    gy = py * 2 / (H - 1) - 1
    grid = numpy.stack([gx, gy]).reshape((2, B) + out_shape)
    return grid.transpose(1, 0, 2, 3).astype(dtype)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'out_shape': [(2, 3), (4, 1)],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSpatialTransformerSampler(testing.FunctionTestCase):

    skip_double_backward_test = True

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-2, 'rtol': 1e-2}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
        else:
            self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-3}

    def generate_inputs(self):
        x = numpy.random.uniform(-1, 1, (2, 3, 4, 5)).astype(self.dtype)
        grid = _random_grid(2, 4, 5, self.out_shape, self.dtype)
        return x, grid

    def forward(self, inputs, device):
        x, grid = inputs
        return functions.spatial_transformer_sampler(x, grid),

    def forward_expected(self, inputs):
        x, grid = inputs
        return _sample_ref(x, grid).astype(self.dtype),


def test_spatial_transformer_sampler_identity_grid():
    x = numpy.random.uniform(-1, 1, (1, 2, 3, 4)).astype(numpy.float32)
    theta = numpy.array([[[1, 0, 0], [0, 1, 0]]], numpy.float32)
    grid = functions.spatial_transformer_grid(theta, (3, 4))
    y = functions.spatial_transformer_sampler(x, grid)
    numpy.testing.assert_allclose(y.array, x, atol=1e-6)


@pytest.mark.parametrize('x_shape,grid_shape,x_dtype,grid_dtype', [
    ((1, 2, 3, 4), (1, 2, 2, 2), numpy.int32, numpy.int32),
    ((1, 2, 3, 4), (1, 2, 2, 2), numpy.float32, numpy.float64),
    ((1, 2, 3), (1, 2, 2, 2), numpy.float32, numpy.float32),
    ((1, 2, 3, 4), (1, 3, 2, 2), numpy.float32, numpy.float32),
    ((1, 2, 3, 4), (2, 2, 2, 2), numpy.float32, numpy.float32),
])
def test_spatial_transformer_sampler_invalid_type(
        x_shape, grid_shape, x_dtype, grid_dtype):
    with pytest.raises(type_check.InvalidType):
        functions.spatial_transformer_sampler(
            numpy.zeros(x_shape, x_dtype), numpy.zeros(grid_shape, grid_dtype))


def test_spatial_transformer_sampler_use_cudnn_argument():
    with pytest.raises(ValueError):
        functions.spatial_transformer_sampler(
            numpy.zeros((1, 1, 2, 2), numpy.float32),
            numpy.zeros((1, 2, 2, 2), numpy.float32), use_cudnn=False)
