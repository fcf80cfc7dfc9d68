"""Region of interest average pooling (``roi_average_pooling_2d``)."""
from chainer.functions._helpers import roi as _roi


class ROIAveragePooling2D(_roi.ROIPoolingFunction):
    """ROI average pooling (inputs ``x``, ``rois`` ``(R, 4)`` as
    ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``)."""

    def _pool(self, x, rois, roi_indices, y):
        height, width = x.shape[2:]
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois, roi_indices, self.spatial_scale, self.outh, self.outw, height, width):
            y[i, :, ph, pw] = x[b, :, hs:he, ws:we].mean(axis=(1, 2))

    def _unpool(self, rois, roi_indices, gy, gx):
        height, width = gx.shape[2:]
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois, roi_indices, self.spatial_scale, self.outh, self.outw, height, width):
            count = (he - hs) * (we - ws)
            gx[b, :, hs:he, ws:we] += (gy[i, :, ph, pw] / count)[:, None, None]


def roi_average_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Spatial region of interest (ROI) average pooling function.

    Same bins as :func:`roi_max_pooling_2d`; every bin is averaged (empty bins give zero).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        rois (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R, 4)`` boxes
            ``(y_min, x_min, y_max, x_max)``.
        roi_indices (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R,)`` int32 batch
            indexes of the boxes.
        outsize (int or pair of ints): Output size ``(outh, outw)``.
        spatial_scale (float): Scale from ROI coordinates to ``x`` coordinates.

    Returns:
        ~chainer.Variable: Output of shape ``(R, c, outh, outw)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> rois = np.array([[0, 0, 3, 3]], np.float32)  # (y_min, x_min, y_max, x_max)
        >>> roi_indices = np.array([0], np.int32)
        >>> y = F.roi_average_pooling_2d(x, rois, roi_indices, outsize=2, spatial_scale=1)
        >>> y.array[0, 0]
        array([[2.5, 3.5],
               [6.5, 7.5]], dtype=float32)
    """
    return ROIAveragePooling2D(outsize, spatial_scale)(x, rois, roi_indices)
