import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _ref(x, rois, roi_indices, outsize, scale, mode):
    """ROI max/average pooling with boxes (y_min, x_min, y_max, x_max), one output at a time."""
    outh, outw = outsize
    c, h, w = x.shape[1:]
    y = numpy.zeros((len(rois), c, outh, outw))
    for r in range(len(rois)):
        b = roi_indices[r]
        ymin, xmin, ymax, xmax = [int(round(float(v) * scale)) for v in rois[r]]
        rh = max(ymax - ymin, 1)
        rw = max(xmax - xmin, 1)
        for i in range(outh):
            hs = min(max(int(math.floor(i * rh / outh)) + ymin, 0), h)
            he = min(max(int(math.ceil((i + 1) * rh / outh)) + ymin, 0), h)
            for j in range(outw):
                ws = min(max(int(math.floor(j * rw / outw)) + xmin, 0), w)
                we = min(max(int(math.ceil((j + 1) * rw / outw)) + xmin, 0), w)
                if he > hs and we > ws:
                    window = x[b, :, hs:he, ws:we].astype(numpy.float64)
                    if mode == 'max':
                        y[r, :, i, j] = window.max(axis=(1, 2))
                    else:
                        y[r, :, i, j] = window.mean(axis=(1, 2))
    return y


@testing.parameterize(*testing.product({
    'mode': ['max', 'average'],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
    'outsize': [(3, 2), 2],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestROIMaxAveragePooling2D(testing.FunctionTestCase):

    skip_double_backward_test = True

    def setUp(self):
        self.spatial_scale = 0.6
        self.rois = numpy.array([
            [1, 1, 6, 6], [2, 6, 11, 7], [1, 3, 10, 5], [3, 3, 3, 3], [20, 20, 30, 30],
        ], dtype=self.dtype)
        self.roi_indices = numpy.array([0, 2, 1, 0, 1], numpy.int32)
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 5e-3, 'rtol': 5e-3}
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-2, 'eps': 1e-4,
                                       'dtype': numpy.float64}

    def generate_inputs(self):
        shape = (3, 2, 6, 8)
        x = numpy.random.permutation(numpy.prod(shape)).reshape(shape) / numpy.prod(shape)
        return x.astype(self.dtype),

    def forward(self, inputs, device):
        f = F.roi_max_pooling_2d if self.mode == 'max' else F.roi_average_pooling_2d
        rois = device.send(self.rois.astype(inputs[0].dtype))
        return f(inputs[0], rois, device.send(self.roi_indices),
                 self.outsize, self.spatial_scale),

    def forward_expected(self, inputs):
        outsize = self.outsize if isinstance(self.outsize, tuple) else (self.outsize,) * 2
        y = _ref(inputs[0], self.rois, self.roi_indices, outsize, self.spatial_scale,
                 self.mode)
        return y.astype(self.dtype),


@pytest.mark.parametrize('func', [F.roi_max_pooling_2d, F.roi_average_pooling_2d])
def test_invalid_arguments(func):
    x = numpy.zeros((1, 1, 4, 4), 'f')
    rois = numpy.zeros((2, 4), 'f')
    idx = numpy.zeros((2,), numpy.int32)
    with pytest.raises(TypeError):
        func(x, rois, idx, (0, 2), 1.0)
    with pytest.raises(TypeError):
        func(x, rois, idx, 2, -1.0)
    with pytest.raises(type_check.InvalidType):
        func(x, numpy.zeros((2, 5), 'f'), idx, 2, 1.0)
    with pytest.raises(type_check.InvalidType):
        func(x, rois, idx.astype(numpy.int64), 2, 1.0)
    with pytest.raises(type_check.InvalidType):
        func(x, rois, numpy.zeros((3,), numpy.int32), 2, 1.0)
