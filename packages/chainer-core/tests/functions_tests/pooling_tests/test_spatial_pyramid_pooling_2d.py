import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing


def _ref_spp(x, height):
    n, c, h, w = x.shape
    out = []
    for level in range(height):
        bins = 2 ** level
        kh, kw = int(math.ceil(h / bins)), int(math.ceil(w / bins))
        ph, pw = (kh * bins - h) // 2, (kw * bins - w) // 2
        xp = numpy.pad(x.astype(numpy.float64), ((0, 0), (0, 0), (ph, kh), (pw, kw)),
                       constant_values=-numpy.inf)
        y = numpy.empty((n, c, bins, bins))
        for i in range(bins):
            for j in range(bins):
                y[:, :, i, j] = xp[:, :, i * kh:(i + 1) * kh, j * kw:(j + 1) * kw].max(
                    axis=(2, 3))
        out.append(y.reshape(n, -1))
    return numpy.concatenate(out, axis=1)[:, :, None, None]


@testing.parameterize(*testing.product({
    'shape': [(2, 3, 9, 8), (1, 2, 4, 6)],
    'pyramid_height': [1, 3],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True, 'use_cudnn': 'always'},
    {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestSpatialPyramidPooling2D(testing.FunctionTestCase):

    def setUp(self):
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-2, 'eps': 1e-4,
                                       'dtype': numpy.float64}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        size = int(numpy.prod(self.shape))
        x = numpy.random.permutation(size).reshape(self.shape) / size
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        return F.spatial_pyramid_pooling_2d(inputs[0], self.pyramid_height, 'max'),

    def forward_expected(self, inputs):
        return _ref_spp(inputs[0], self.pyramid_height).astype(self.dtype),


def test_spp_output_shape():
    x = numpy.zeros((2, 3, 8, 8), 'f')
    assert F.spatial_pyramid_pooling_2d(x, 3, 'max').shape == (2, 3 * 21, 1, 1)


@pytest.mark.parametrize('pooling', [None, 'average'])
def test_spp_unsupported_pooling(pooling):
    # v7 needs pooling='max' to be given.
    with pytest.raises(ValueError, match='Unsupported pooling operation'):
        F.spatial_pyramid_pooling_2d(numpy.zeros((1, 1, 4, 4), 'f'), 2, pooling)


def test_spp_removed_pooling_class():
    with pytest.raises(TypeError):
        F.spatial_pyramid_pooling_2d(numpy.zeros((1, 1, 4, 4), 'f'), 2, pooling_class=None)
