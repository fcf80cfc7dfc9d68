import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


@testing.parameterize(*testing.product({
    'output_shape': [(5, 6), (1, 3), (2, 1)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSpatialTransformerGrid(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
            self.check_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {
                'dtype': numpy.float64, 'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        theta = numpy.random.uniform(-1, 1, (2, 2, 3)).astype(self.dtype)
        return theta,

    def forward(self, inputs, device):
        theta, = inputs
        return functions.spatial_transformer_grid(theta, self.output_shape),

    def forward_expected(self, inputs):
        theta, = inputs
        theta = theta.astype(numpy.float64)
        H, W = self.output_shape
        ys = numpy.linspace(-1, 1, H)
        xs = numpy.linspace(-1, 1, W)
        grid = numpy.empty((len(theta), 2, H, W))
        for b in range(len(theta)):
            for i in range(H):
                for j in range(W):
                    grid[b, :, i, j] = theta[b].dot([xs[j], ys[i], 1.])
        return grid.astype(self.dtype),


def test_spatial_transformer_grid_identity():
    theta = numpy.array([[[1, 0, 0], [0, 1, 0]]], numpy.float32)
    grid = functions.spatial_transformer_grid(theta, (2, 3)).array
    numpy.testing.assert_allclose(grid[0, 0], [[-1, 0, 1], [-1, 0, 1]])
    numpy.testing.assert_allclose(grid[0, 1], [[-1, -1, -1], [1, 1, 1]])


@pytest.mark.parametrize('shape,dtype', [
    ((2, 2), numpy.float32), ((2, 3, 3), numpy.float32),
    ((2, 2, 2), numpy.float32), ((2, 2, 3), numpy.int32),
])
def test_spatial_transformer_grid_invalid_type(shape, dtype):
    with pytest.raises(type_check.InvalidType):
        functions.spatial_transformer_grid(numpy.zeros(shape, dtype), (2, 2))


def test_spatial_transformer_grid_use_cudnn_argument():
    with pytest.raises(ValueError):
        functions.spatial_transformer_grid(
            numpy.zeros((1, 2, 3), numpy.float32), (2, 2), use_cudnn=False)
