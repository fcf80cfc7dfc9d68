"""Region of interest max pooling (``roi_max_pooling_2d``)."""
import numpy

from chainer import backend
from chainer.functions._helpers import roi as _roi


class ROIMaxPooling2D(_roi.ROIPoolingFunction):
    """ROI max pooling (inputs ``x``, ``rois`` ``(R, 4)`` as ``(y_min, x_min, y_max, x_max)``
    and ``roi_indices`` ``(R,)``)."""

    def _pool(self, x, rois, roi_indices, y):
        xp = backend.get_array_module(x)
        channels, height, width = x.shape[1:]
        argmax = xp.full(y.shape, -1, dtype=numpy.int32)
        ch = xp.arange(channels)
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois, roi_indices, self.spatial_scale, self.outh, self.outw, height, width):
            y[i, :, ph, pw], argmax[i, :, ph, pw] = _roi.max_in_window(
                x[b], hs, he, ws, we, width, ch)
        self.argmax_data = argmax

    def _unpool(self, rois, roi_indices, gy, gx):
        xp = backend.get_array_module(gy)
        batch = xp.asarray(_roi.to_cpu(roi_indices).astype(numpy.int64))
        valid = self.argmax_data >= 0
        flat = _roi.flat_input_index(batch, self.argmax_data, *gx.shape[1:])
        _roi.scatter_add_flat(gx, flat[valid], gy[valid])


def roi_max_pooling_2d(x, rois, roi_indices, outsize, spatial_scale):
    """Spatial region of interest (ROI) max pooling function.

    Every ROI ``(y_min, x_min, y_max, x_max)`` is scaled by ``spatial_scale`` and rounded; its
    ``max(y_max - y_min, 1) x max(x_max - x_min, 1)`` extent is split into ``outsize`` bins
    and every bin is max-pooled (empty bins give zero).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        rois (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R, 4)`` boxes.
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
        >>> y = F.roi_max_pooling_2d(x, rois, roi_indices, outsize=2, spatial_scale=1)
        >>> y.array[0, 0]
        array([[ 5.,  6.],
               [ 9., 10.]], dtype=float32)
    """
    return ROIMaxPooling2D(outsize, spatial_scale)(x, rois, roi_indices)
