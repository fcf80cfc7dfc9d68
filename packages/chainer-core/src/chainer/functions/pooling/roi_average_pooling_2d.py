"""Region of interest average pooling (``roi_average_pooling_2d``)."""
from chainer import backend
from chainer import function
from chainer.functions._helpers import roi as _roi


class ROIAveragePooling2D(function.Function):
    """ROI average pooling (inputs ``x``, ``rois`` ``(R, 4)`` as
    ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``)."""

    def __init__(self, outsize, spatial_scale):
        self.outh, self.outw = _roi.parse_outsize(outsize)
        self.spatial_scale = _roi.parse_spatial_scale(spatial_scale)

    def check_type_forward(self, in_types):
        _roi.check_types(in_types)

    def forward(self, inputs):
        self.retain_inputs((1, 2))
        x, rois, roi_indices = inputs
        xp = backend.get_array_module(x)
        self._x_shape = x.shape
        channels, height, width = x.shape[1:]
        y = xp.zeros((len(rois), channels, self.outh, self.outw), dtype=x.dtype)
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois, roi_indices, self.spatial_scale, self.outh, self.outw, height, width):
            y[i, :, ph, pw] = x[b, :, hs:he, ws:we].mean(axis=(1, 2))
        return y,

    def backward(self, inputs, gy):
        _, rois, roi_indices = inputs
        gy = gy[0]
        xp = backend.get_array_module(gy)
        gx = xp.zeros(self._x_shape, dtype=gy.dtype)
        height, width = self._x_shape[2:]
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois, roi_indices, self.spatial_scale, self.outh, self.outw, height, width):
            count = (he - hs) * (we - ws)
            gx[b, :, hs:he, ws:we] += (gy[i, :, ph, pw] / count)[:, None, None]
        return gx, None, None


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
    """
    return ROIAveragePooling2D(outsize, spatial_scale)(x, rois, roi_indices)
