"""Region of interest align with average (``roi_average_align_2d``)."""
from chainer import backend
from chainer.functions._helpers import roi as _roi


class ROIAverageAlign2D(_roi.ROIAlignFunction):
    """ROIAlign averaging the bilinear samples of every bin (inputs ``x``, ``rois`` ``(R, 4)``
    as ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``)."""

    def _pool(self, x, rois, roi_indices, y):
        channels, height, width = x.shape[1:]
        for i, b, (_, idx, w, count) in self._roi_samples(rois, roi_indices, height, width):
            img = x[b].reshape(channels, -1)
            y[i] = _roi.bilinear_sample(img, idx, w).sum(axis=(2, 4)) / count

    def _unpool(self, rois, roi_indices, gy, gx):
        xp = backend.get_array_module(gy)
        channels, height, width = gx.shape[1:]
        for i, b, (_, idx, w, count) in self._roi_samples(rois, roi_indices, height, width):
            g = (gy[i] / count)[:, :, None, :, None]
            img = gx[b].reshape(channels, -1)
            for k in range(4):
                contrib = (g * xp.asarray(w[k])).astype(gy.dtype)
                _roi.scatter_add_rows(img, idx[k].ravel(), contrib.reshape(channels, -1))


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

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> rois = np.array([[0, 0, 2, 2]], np.float32)  # (y_min, x_min, y_max, x_max)
        >>> roi_indices = np.array([0], np.int32)  # the image of each region
        >>> y = F.roi_average_align_2d(x, rois, roi_indices, outsize=2, spatial_scale=1,
        ...                            sampling_ratio=2)
        >>> y.shape
        (1, 1, 2, 2)
        >>> y.array[0, 0]
        array([[2.5, 3.5],
               [6.5, 7.5]], dtype=float32)
    """
    return ROIAverageAlign2D(outsize, spatial_scale, sampling_ratio)(x, rois, roi_indices)
