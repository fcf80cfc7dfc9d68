"""Region of interest align with average (``roi_average_align_2d``)."""
from chainer import backend
from chainer import function
from chainer.functions._helpers import roi as _roi


class ROIAverageAlign2D(function.Function):
    """ROIAlign averaging the bilinear samples of every bin (inputs ``x``, ``rois`` ``(R, 4)``
    as ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``)."""

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
        y = xp.zeros((len(rois), channels, self.outh, self.outw), dtype=x.dtype)
        rois = _roi.to_cpu(rois)
        roi_indices = _roi.to_cpu(roi_indices)
        for i in range(len(rois)):
            _, idx, w, count = self._samples(rois[i], height, width)
            img = x[int(roi_indices[i])].reshape(channels, -1)
            acc = 0
            for k in range(4):
                acc = acc + img[:, xp.asarray(idx[k])] * xp.asarray(w[k])
            y[i] = acc.sum(axis=(2, 4)) / count
        return y,

    def backward(self, inputs, gy):
        _, rois, roi_indices = inputs
        gy = gy[0]
        xp = backend.get_array_module(gy)
        gx = xp.zeros(self._x_shape, dtype=gy.dtype)
        channels, height, width = self._x_shape[1:]
        rois = _roi.to_cpu(rois)
        roi_indices = _roi.to_cpu(roi_indices)
        for i in range(len(rois)):
            _, idx, w, count = self._samples(rois[i], height, width)
            g = (gy[i] / count)[:, :, None, :, None]
            img = gx[int(roi_indices[i])].reshape(channels, -1)
            for k in range(4):
                contrib = (g * xp.asarray(w[k])).astype(gy.dtype)
                _roi.scatter_add_rows(img, idx[k].ravel(), contrib.reshape(channels, -1))
        return gx, None, None


def roi_average_align_2d(x, rois, roi_indices, outsize, spatial_scale, sampling_ratio=None):
    """Spatial region of interest (ROI) align function with average pooling.

    Every ROI ``(y_min, x_min, y_max, x_max)`` is scaled by ``spatial_scale`` (no rounding),
    split into ``outsize`` bins, and every bin averages ``gh x gw`` bilinearly interpolated
    samples (``sampling_ratio``, or ``ceil(bin size)`` when ``None``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        rois (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R, 4)`` boxes.
        roi_indices (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R,)`` int32 batch
            indexes of the boxes.
        outsize (int or pair of ints): Output size ``(outh, outw)``.
        spatial_scale (float): Scale from ROI coordinates to ``x`` coordinates.
        sampling_ratio (int, pair of ints or None): Samples per bin along each axis.

    Returns:
        ~chainer.Variable: Output of shape ``(R, c, outh, outw)``.
    """
    return ROIAverageAlign2D(outsize, spatial_scale, sampling_ratio)(x, rois, roi_indices)
