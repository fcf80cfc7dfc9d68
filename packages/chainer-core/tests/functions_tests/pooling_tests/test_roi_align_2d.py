import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _bilinear(img, y, x):
    c, h, w = img.shape
    if y < -1 or y > h or x < -1 or x > w:
        return None
    y, x = max(y, 0.), max(x, 0.)
    y0, x0 = int(y), int(x)
    if y0 >= h - 1:
        y0 = y1 = h - 1
        y = float(y0)
    else:
        y1 = y0 + 1
    if x0 >= w - 1:
        x0 = x1 = w - 1
        x = float(x0)
    else:
        x1 = x0 + 1
    ly, lx = y - y0, x - x0
    # the clamped position identifies the sample's dependence on img
    return (y, x), ((1 - ly) * (1 - lx) * img[:, y0, x0] + (1 - ly) * lx * img[:, y0, x1]
            + ly * (1 - lx) * img[:, y1, x0] + ly * lx * img[:, y1, x1])


def _bins(x, rois, roi_indices, outsize, scale, sampling_ratio):
    """Yields ``(r, i, j, samples, count)`` for every bin: its valid bilinear samples as
    ``(position, values)`` pairs and its number of sampling points ``count``."""
    outh, outw = outsize
    x = x.astype(numpy.float64)
    for r in range(len(rois)):
        img = x[roi_indices[r]]
        y0, x0, y1, x1 = [float(v) * scale for v in rois[r]]
        rh, rw = max(y1 - y0, 1.), max(x1 - x0, 1.)
        bh, bw = rh / outh, rw / outw
        gh = sampling_ratio[0] or int(math.ceil(bh))
        gw = sampling_ratio[1] or int(math.ceil(bw))
        for i in range(outh):
            for j in range(outw):
                samples = []
                for iy in range(gh):
                    sy = y0 + i * bh + (iy + .5) * bh / gh
                    for ix in range(gw):
                        sx = x0 + j * bw + (ix + .5) * bw / gw
                        sample = _bilinear(img, sy, sx)
                        if sample is not None:
                            samples.append(sample)
                yield r, i, j, samples, gh * gw


def _ref_align(x, rois, roi_indices, outsize, scale, sampling_ratio, mode):
    c = x.shape[1]
    y = numpy.zeros((len(rois), c) + tuple(outsize))
    for r, i, j, samples, count in _bins(x, rois, roi_indices, outsize, scale,
                                         sampling_ratio):
        valid = [v for _, v in samples]
        if mode == 'average':
            y[r, :, i, j] = sum(valid, numpy.zeros(c)) / count
        elif valid:
            y[r, :, i, j] = numpy.max(valid, axis=0)
    return y


def _max_margin(x, rois, roi_indices, outsize, scale, sampling_ratio):
    """Smallest gap, over bins and channels, between the largest sample and a sample at
    another position: the max is not differentiable where the gap vanishes."""
    margin = numpy.inf
    for _, _, _, samples, _ in _bins(x, rois, roi_indices, outsize, scale, sampling_ratio):
        for ch in range(x.shape[1]):
            best_pos, best = max(((p, v[ch]) for p, v in samples), key=lambda t: t[1],
                                 default=(None, None))
            for pos, v in samples:
                # samples at (numerically) one position depend on x in the same way
                if max(abs(pos[0] - best_pos[0]), abs(pos[1] - best_pos[1])) > 1e-9:
                    margin = min(margin, best - v[ch])
    return margin


@testing.parameterize(*testing.product({
    'mode': ['average', 'max'],
    'dtype': [numpy.float32],  # (the only dtype of v7's ROIAlign functions)
    'sampling_ratio': [None, 2, (1, 3)],
}))
@testing.inject_backend_tests(None, [
    {}, {'use_cuda': True}, {'use_chainerx': True, 'chainerx_device': 'native:0'}])
class TestROIAlign2D(testing.FunctionTestCase):

    skip_double_backward_test = True

    def setUp(self):
        self.outsize = (3, 2)
        self.spatial_scale = 0.6
        self.rois = numpy.array([
            [1.3, 1.1, 6.2, 6.7], [2., 6., 11., 7.], [1.2, 3.3, 10.1, 5.4],
            [3., 3., 3., 3.], [-4., -3., 2., 1.], [20, 20, 30, 30],
        ], dtype=self.dtype)
        self.roi_indices = numpy.array([0, 2, 1, 0, 2, 1], numpy.int32)
        self.check_backward_options = {'atol': 1e-3, 'rtol': 1e-2, 'eps': 1e-4,
                                       'dtype': numpy.float64}

    def _sampling_ratio_pair(self):
        ratio = self.sampling_ratio
        return ratio if isinstance(ratio, tuple) else (ratio, ratio)

    def generate_inputs(self):
        shape = (3, 2, 6, 8)
        while True:
            x = numpy.random.permutation(numpy.prod(shape)).reshape(shape) / numpy.prod(shape)
            x = x.astype(self.dtype)
            if self.mode == 'average':
                return x,
            # Distinct pixels do not make distinct bilinear samples (equal weighted sums of
            # the lattice values k / 288 happen in ~0.5% of draws, near-equal ones more
            # often), and the numerical gradient is wrong where the max switches samples.
            # The samples are computed in float64 and move by at most eps (the
            # perturbation direction has unit norm), so a gap > 2 eps keeps the argmax.
            margin = _max_margin(x, self.rois.astype(numpy.float64), self.roi_indices,
                                 self.outsize, self.spatial_scale,
                                 self._sampling_ratio_pair())
            if margin > 2 * self.check_backward_options['eps']:
                return x,

    def forward(self, inputs, device):
        f = F.roi_average_align_2d if self.mode == 'average' else F.roi_max_align_2d
        rois = device.send(self.rois.astype(inputs[0].dtype))
        return f(inputs[0], rois, device.send(self.roi_indices),
                 self.outsize, self.spatial_scale, self.sampling_ratio),

    def forward_expected(self, inputs):
        ratio = self._sampling_ratio_pair()
        # the reference uses float64 boxes as the function reads them
        rois = self.rois.astype(numpy.float64)
        y = _ref_align(inputs[0], rois, self.roi_indices, self.outsize, self.spatial_scale,
                       ratio, self.mode)
        return y.astype(self.dtype),


@pytest.mark.parametrize('func', [F.roi_average_align_2d, F.roi_max_align_2d])
def test_invalid_sampling_ratio(func):
    x = numpy.zeros((1, 1, 4, 4), 'f')
    rois = numpy.zeros((1, 4), 'f')
    idx = numpy.zeros((1,), numpy.int32)
    for ratio in [0, (1, 0), 1.5, (1, 2, 3)]:
        with pytest.raises(TypeError):
            func(x, rois, idx, 2, 1.0, ratio)


@pytest.mark.parametrize('func', [F.roi_average_align_2d, F.roi_max_align_2d])
@pytest.mark.parametrize('x_dtype,rois_dtype', [
    (numpy.float16, numpy.float16), (numpy.float64, numpy.float64),
    (numpy.float32, numpy.float64)])
def test_float32_only(func, x_dtype, rois_dtype):
    # InvalidType as v7
    x = numpy.zeros((1, 1, 4, 4), x_dtype)
    rois = numpy.zeros((1, 4), rois_dtype)
    with pytest.raises(type_check.InvalidType):
        func(x, rois, numpy.zeros((1,), numpy.int32), 2, 1.0)
