"""Region of interest max pooling of Fast R-CNN (``roi_pooling_2d``)."""
import numpy

from chainer import backend
from chainer import function_node
from chainer.functions._helpers import roi as _roi
from chainer.utils import type_check


class ROIPooling2D(function_node.FunctionNode):
    """ROI max pooling node (inputs ``x`` and ``rois`` of rows
    ``(batch_index, x_min, y_min, x_max, y_max)``)."""

    def __init__(self, outh, outw, spatial_scale):
        self.outh, self.outw = outh, outw
        self.spatial_scale = spatial_scale

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, roi_type = in_types
        type_check.argname(in_types, ('x', 'rois'))
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            x_type.dtype == roi_type.dtype,
            roi_type.ndim == 2,
            roi_type.shape[1] == 5,
        )

    def forward(self, inputs):
        x, rois = inputs
        xp = backend.get_array_module(x)
        self._x_shape = x.shape
        n_rois = rois.shape[0]
        channels, height, width = x.shape[1:]
        y = xp.zeros((n_rois, channels, self.outh, self.outw), dtype=x.dtype)
        argmax = xp.full(y.shape, -1, dtype=numpy.int32)
        ch = xp.arange(channels)
        rois = _roi.to_cpu(rois)
        batch = rois[:, 0].astype(numpy.int64)
        # rows (batch_index, x_min, y_min, x_max, y_max) -> boxes (y_min, x_min, y_max, x_max)
        for i, b, ph, pw, hs, he, ws, we in _roi.pooling_bins(
                rois[:, [2, 1, 4, 3]], batch, self.spatial_scale, self.outh, self.outw,
                height, width, inclusive=True):
            y[i, :, ph, pw], argmax[i, :, ph, pw] = _roi.max_in_window(
                x[b], hs, he, ws, we, width, ch)
        self.argmax_data = argmax
        flat = _roi.flat_input_index(xp.asarray(batch), argmax, channels, height, width)
        self._valid = argmax >= 0
        self._flat = xp.where(self._valid, flat, 0)
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(ROIPooling2DGrad(self._x_shape, self._flat, self._valid).apply(
                    (gy,))[0])
            else:
                ret.append(None)
        return ret


class ROIPooling2DGrad(function_node.FunctionNode):
    """Gradient of :class:`ROIPooling2D` (input: ``gy``)."""

    def __init__(self, x_shape, flat_index, valid):
        # flat_index: index into x.ravel() of every maximum; valid: non-empty bins.
        self._x_shape = x_shape
        self._flat = flat_index
        self._valid = valid

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        gx = xp.zeros(self._x_shape, dtype=gy.dtype)
        flat, valid = self._flat, self._valid
        _roi.scatter_add_flat(gx, flat, xp.where(valid, gy, 0))
        return gx,

    def backward(self, indexes, grad_outputs):
        import chainer.functions as F
        ggx, = grad_outputs
        flat, valid = self._flat, self._valid
        ggy = F.get_item(F.reshape(ggx, (-1,)), flat)
        return ggy * valid.astype(ggx.dtype),


def roi_pooling_2d(x, rois, outh, outw, spatial_scale):
    """Spatial region of interest (ROI) max pooling function (Fast R-CNN).

    Every ROI is scaled by ``spatial_scale``, rounded, split into ``outh x outw`` bins, and
    every bin is max-pooled (empty bins give zero).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        rois (:class:`~chainer.Variable` or :ref:`ndarray`): ``(R, 5)`` rows
            ``(batch_index, x_min, y_min, x_max, y_max)``.
        outh (int): Height of the output.
        outw (int): Width of the output.
        spatial_scale (float): Scale from ROI coordinates to ``x`` coordinates.

    Returns:
        ~chainer.Variable: Output of shape ``(R, c, outh, outw)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> rois = np.array([[0, 0, 0, 3, 3]], np.float32)  # (image, x_min, y_min, x_max, y_max)
        >>> y = F.roi_pooling_2d(x, rois, outh=2, outw=2, spatial_scale=1)
        >>> y.array[0, 0]
        array([[ 5.,  7.],
               [13., 15.]], dtype=float32)
    """
    return ROIPooling2D(outh, outw, spatial_scale).apply((x, rois))[0]
