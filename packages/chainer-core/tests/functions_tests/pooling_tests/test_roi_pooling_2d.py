import math

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref_roi_pooling(x, rois, outh, outw, scale):
    """Fast R-CNN ROI max pooling, one output element at a time."""
    n_rois = len(rois)
    c, h, w = x.shape[1:]
    y = numpy.zeros((n_rois, c, outh, outw))
    for r in range(n_rois):
        b = int(rois[r, 0])
        xmin, ymin, xmax, ymax = [int(round(float(v) * scale)) for v in rois[r, 1:]]
        rh = max(ymax - ymin + 1, 1)
        rw = max(xmax - xmin + 1, 1)
        for i in range(outh):
            hs = min(max(int(math.floor(i * rh / outh)) + ymin, 0), h)
            he = min(max(int(math.ceil((i + 1) * rh / outh)) + ymin, 0), h)
            for j in range(outw):
                ws = min(max(int(math.floor(j * rw / outw)) + xmin, 0), w)
                we = min(max(int(math.ceil((j + 1) * rw / outw)) + xmin, 0), w)
                if he > hs and we > ws:
                    y[r, :, i, j] = x[b, :, hs:he, ws:we].max(axis=(1, 2))
    return y


@testing.parameterize(*testing.product({
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'outsize': [(3, 2), (2, 4)],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestROIPooling2D(testing.FunctionTestCase):

    def setUp(self):
        self.outh, self.outw = self.outsize
        self.spatial_scale = 0.6
        self.rois = numpy.array([
            [0, 1, 1, 6, 6],
            [2, 6, 2, 7, 11],
            [1, 3, 1, 5, 10],
            [0, 3, 3, 3, 3],
            [1, 20, 20, 30, 30],     # outside the image: empty bins
        ], dtype=self.dtype)
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-2, 'eps': 1e-4,
                                       'dtype': numpy.float64}
        self.check_double_backward_options = self.check_backward_options

    def generate_inputs(self):
        shape = (3, 2, 6, 8)
        x = numpy.random.permutation(numpy.prod(shape)).reshape(shape) / numpy.prod(shape)
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        rois = device.send(self.rois.astype(inputs[0].dtype))
        return F.roi_pooling_2d(inputs[0], rois, self.outh, self.outw, self.spatial_scale),

    def forward_expected(self, inputs):
        y = _ref_roi_pooling(inputs[0], self.rois, self.outh, self.outw, self.spatial_scale)
        return y.astype(self.dtype),


def test_roi_pooling_gradient_to_max():
    x = chainer.Variable(numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4))
    rois = numpy.array([[0, 0, 0, 3, 3]], numpy.float32)
    y = F.roi_pooling_2d(x, rois, 1, 1, 1.0)
    assert y.array[0, 0, 0, 0] == 15
    y.grad = numpy.ones_like(y.array)
    y.backward()
    expected = numpy.zeros((1, 1, 4, 4), numpy.float32)
    expected[0, 0, 3, 3] = 1
    numpy.testing.assert_array_equal(x.grad, expected)


def test_roi_pooling_invalid():
    x = numpy.zeros((1, 1, 4, 4), 'f')
    with pytest.raises(type_check.InvalidType):
        F.roi_pooling_2d(x, numpy.zeros((1, 4), 'f'), 2, 2, 1.0)
    with pytest.raises(type_check.InvalidType):
        F.roi_pooling_2d(x, numpy.zeros((1, 5), 'd'), 2, 2, 1.0)
