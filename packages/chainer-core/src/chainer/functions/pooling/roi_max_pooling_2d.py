"""Region of interest max pooling (``roi_max_pooling_2d``)."""
import numpy

from chainer import backend
from chainer import function
from chainer.functions._helpers import roi as _roi


class ROIMaxPooling2D(function.Function):
    """ROI max pooling (inputs ``x``, ``rois`` ``(R, 4)`` as ``(y_min, x_min, y_max, x_max)``
    and ``roi_indices`` ``(R,)``)."""

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
        argmax = xp.full(y.shape, -1, dtype=numpy.int32)
        ch = xp.arange(channels)
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois, roi_indices, self.spatial_scale, self.outh, self.outw, height, width):
            window = x[b, :, hs:he, ws:we].reshape(channels, -1)
            am = window.argmax(axis=1)
            y[i, :, ph, pw] = window[ch, am]
            argmax[i, :, ph, pw] = (hs + am // (we - ws)) * width + ws + am % (we - ws)
        self.argmax_data = argmax
        return y,

    def backward(self, inputs, gy):
        _, rois, roi_indices = inputs
        xp = backend.get_array_module(gy[0])
        n, channels, height, width = self._x_shape
        gx = xp.zeros(self._x_shape, dtype=gy[0].dtype)
        batch = xp.asarray(_roi.to_cpu(roi_indices).astype(numpy.int64))
        ch = xp.arange(channels)
        valid = self.argmax_data >= 0
        flat = (batch[:, None, None, None] * channels + ch[None, :, None, None]) \
            * (height * width) + self.argmax_data
        flat = flat[valid]
        g = gy[0][valid]
        if xp is numpy:
            numpy.add.at(gx.reshape(-1), flat, g)
        else:
            import cupyx
            cupyx.scatter_add(gx.reshape(-1), flat, g)
        return gx, None, None


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
    """
    return ROIMaxPooling2D(outsize, spatial_scale)(x, rois, roi_indices)
