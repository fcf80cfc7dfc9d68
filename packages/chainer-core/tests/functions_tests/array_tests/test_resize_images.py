import math

import numpy
import pytest

from chainer import functions
from chainer import testing
from chainer.utils import type_check


def _source_coords(out_size, in_size, mode, align_corners):
    coords = []
    for i in range(out_size):
        if mode == 'nearest':
            c = min(math.floor(i * in_size / out_size), in_size - 1)
        elif align_corners:
            c = i * (in_size - 1) / (out_size - 1) if out_size > 1 else 0.
        else:
            c = max((i + 0.5) * in_size / out_size - 0.5, 0.)
        c0 = int(math.floor(c))
        coords.append((c0, min(c0 + 1, in_size - 1), c - c0))
    return coords


def _resize_ref(x, out_shape, mode, align_corners):
    n, c, h, w = x.shape
    oh, ow = out_shape
    x = x.astype(numpy.float64)
    y = numpy.empty((n, c, oh, ow))
    rows = _source_coords(oh, h, mode, align_corners)
    cols = _source_coords(ow, w, mode, align_corners)
    for i, (v0, v1, vw) in enumerate(rows):
        for j, (u0, u1, uw) in enumerate(cols):
            y[:, :, i, j] = (
                (1 - vw) * (1 - uw) * x[:, :, v0, u0]
                + (1 - vw) * uw * x[:, :, v0, u1]
                + vw * (1 - uw) * x[:, :, v1, u0]
                + vw * uw * x[:, :, v1, u1])
    return y


@testing.parameterize(*testing.product({
    'in_out': [((3, 4), (5, 7)), ((4, 5), (2, 3)), ((3, 3), (3, 3)),
               ((1, 4), (3, 2)), ((3, 2), (1, 5))],
    'mode': ['bilinear', 'nearest'],
    'align_corners': [True, False],
    'dtype': [numpy.float32],  # (the only dtype of v7's resize_images)
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestResizeImages(testing.FunctionTestCase):

    def setUp(self):
        self.in_shape, self.output_shape = self.in_out

    def generate_inputs(self):
        x = numpy.random.uniform(
            -1, 1, (2, 2) + self.in_shape).astype(self.dtype)
        return x,

    def forward(self, inputs, device):
        x, = inputs
        return functions.resize_images(
            x, self.output_shape, mode=self.mode,
            align_corners=self.align_corners),

    def forward_expected(self, inputs):
        x, = inputs
        y = _resize_ref(x, self.output_shape, self.mode, self.align_corners)
        return y.astype(self.dtype),


def test_resize_images_default_is_bilinear_align_corners():
    x = numpy.array([[[[0., 2.]]]], numpy.float32)
    y = functions.resize_images(x, (1, 3))
    numpy.testing.assert_allclose(y.array, [[[[0., 1., 2.]]]])


def test_resize_images_invalid_mode():
    with pytest.raises(ValueError):
        functions.resize_images(
            numpy.zeros((1, 1, 2, 2), numpy.float32), (3, 3), mode='cubic')


@pytest.mark.parametrize('x', [
    numpy.zeros((1, 2, 2), numpy.float32),
    numpy.zeros((1, 1, 2, 2), numpy.int32),
    numpy.zeros((1, 1, 2, 2), numpy.float16),  # float32 only, as v7
    numpy.zeros((1, 1, 2, 2), numpy.float64),
])
def test_resize_images_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        functions.resize_images(x, (3, 3))


def test_compute_indices_and_weights():
    from chainer.functions.array.resize_images import (
        compute_indices_and_weights)
    v, u, vw, uw = compute_indices_and_weights(
        (3, 2), (5, 4), 'bilinear', True, numpy)
    numpy.testing.assert_array_equal(v, [0, 2, 4])
    numpy.testing.assert_array_equal(vw, [0, 0, 0])
    numpy.testing.assert_array_equal(u, [0, 3])
    v, u, vw, uw = compute_indices_and_weights(
        (4, 2), (2, 4), 'bilinear', False, numpy)
    numpy.testing.assert_allclose(v + vw, [0, 0.25, 0.75, 1.25])
    numpy.testing.assert_allclose(u + uw, [0.5, 2.5])
