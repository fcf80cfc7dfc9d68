"""Region of interest align with max (``roi_max_align_2d``)."""
import numpy

from chainer import backend
from chainer import function
from chainer.functions._helpers import roi as _roi


class ROIMaxAlign2D(function.Function):
    """ROIAlign taking the maximum bilinear sample of every bin (inputs ``x``, ``rois``
    ``(R, 4)`` as ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``)."""

    def __init__(self, outsize, spatial_scale, sampling_ratio=None):
        self.outh, self.outw = _roi.parse_outsize(outsize)
        self.spatial_scale = _roi.parse_spatial_scale(spatial_scale)
        self.sampling_ratio = _roi.parse_sampling_ratio(sampling_ratio)

    def check_type_forward(self, in_types):
        _roi.check_types(in_types)

    def _samples(self, roi, height, width):
        return _roi.align_samples(
            roi, self.spatial_scale, self.outh, self.outw, self.sampling_ratio,
            height, width)

    def forward(self, inputs):
        self.retain_inputs((1, 2))
        x, rois, roi_indices = inputs
        xp = backend.get_array_module(x)
        self._x_shape = x.shape
        channels, height, width = x.shape[1:]
        n_rois = len(rois)
        y = xp.zeros((n_rois, channels, self.outh, self.outw), dtype=x.dtype)
        self.argmax_data = xp.full(y.shape, -1, dtype=numpy.int32)
        rois = _roi.to_cpu(rois)
        roi_indices = _roi.to_cpu(roi_indices)
        for i in range(n_rois):
            valid, idx, w, _ = self._samples(rois[i], height, width)
            img = x[int(roi_indices[i])].reshape(channels, -1)
            acc = 0
            for k in range(4):
                acc = acc + img[:, xp.asarray(idx[k])] * xp.asarray(w[k])
            acc = xp.where(xp.asarray(valid), acc, -numpy.inf)
            # (C, outh, gh, outw, gw) -> (C, outh, outw, gh * gw)
            acc = acc.transpose(0, 1, 3, 2, 4).reshape(channels, self.outh, self.outw, -1)
            am = acc.argmax(axis=3)
            best = xp.take_along_axis(acc, am[..., None], axis=3)[..., 0]
            found = best > -numpy.inf
            y[i] = xp.where(found, best, 0)
            self.argmax_data[i] = xp.where(found, am, -1)
        return y,

    def backward(self, inputs, gy):
        _, rois, roi_indices = inputs
        gy = gy[0]
        xp = backend.get_array_module(gy)
        gx = xp.zeros(self._x_shape, dtype=gy.dtype)
        channels, height, width = self._x_shape[1:]
        rois = _roi.to_cpu(rois)
        roi_indices = _roi.to_cpu(roi_indices)
        argmax = _roi.to_cpu(self.argmax_data)
        ph = numpy.arange(self.outh)[None, :, None]
        pw = numpy.arange(self.outw)[None, None, :]
        ch = numpy.arange(channels)[:, None, None]
        for i in range(len(rois)):
            _, idx, w, _ = self._samples(rois[i], height, width)
            gw = idx[0].shape[3]
            am = argmax[i]
            found = am >= 0
            am = numpy.where(found, am, 0)
            iy, ix = am // gw, am % gw
            img = gx[int(roi_indices[i])]
            for k in range(4):
                flat = ch * (height * width) + idx[k][ph, iy, pw, ix]
                weight = numpy.where(found, w[k][ph, iy, pw, ix], 0.0)
                contrib = (gy[i] * xp.asarray(weight)).astype(gy.dtype)
                _roi.scatter_add_flat(img, flat, contrib)
        return gx, None, None


def roi_max_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """Spatial region of interest (ROI) align function with max pooling.

    Same sampling as :func:`roi_average_align_2d`; every bin takes the maximum of its valid
    samples (bins without valid samples give zero).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        rois (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R, 4)`` boxes
            ``(y_min, x_min, y_max, x_max)``.
        roi_indices (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R,)`` int32 batch
            indexes of the boxes.
        outsize (int or pair of ints): Output size ``(outh, outw)``.
        spatial_scale (float): Scale from ROI coordinates to ``x`` coordinates.
        sampling_ratio (int, pair of ints or None): Samples per bin along each axis.

    Returns:
        ~chainer.Variable: Output of shape ``(R, c, outh, outw)``.
    """
    return ROIMaxAlign2D(outsize, spatial_scale, sampling_ratio)(x, rois, roi_indices)
