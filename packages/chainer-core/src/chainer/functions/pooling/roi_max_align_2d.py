"""Region of interest align with max (``roi_max_align_2d``)."""
import numpy

from chainer import backend
from chainer.functions._helpers import roi as _roi


class ROIMaxAlign2D(_roi.ROIAlignFunction):
    """ROIAlign taking the maximum bilinear sample of every bin (inputs ``x``, ``rois``
    ``(R, 4)`` as ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``)."""

    def _pool(self, x, rois, roi_indices, y):
        xp = backend.get_array_module(x)
        channels, height, width = x.shape[1:]
        self.argmax_data = xp.full(y.shape, -1, dtype=numpy.int32)
        for i, b, (valid, idx, w, _) in self._roi_samples(rois, roi_indices, height, width):
            img = x[b].reshape(channels, -1)
            acc = xp.where(xp.asarray(valid), _roi.bilinear_sample(img, idx, w), -numpy.inf)
            # (C, outh, gh, outw, gw) -> (C, outh, outw, gh * gw)
            acc = acc.transpose(0, 1, 3, 2, 4).reshape(channels, self.outh, self.outw, -1)
            am = acc.argmax(axis=3)
            best = xp.take_along_axis(acc, am[..., None], axis=3)[..., 0]
            found = best > -numpy.inf
            y[i] = xp.where(found, best, 0)
            self.argmax_data[i] = xp.where(found, am, -1)

    def _unpool(self, rois, roi_indices, gy, gx):
        xp = backend.get_array_module(gy)
        channels, height, width = gx.shape[1:]
        argmax = _roi.to_cpu(self.argmax_data)
        ph = numpy.arange(self.outh)[None, :, None]
        pw = numpy.arange(self.outw)[None, None, :]
        ch = numpy.arange(channels)[:, None, None]
        for i, b, (_, idx, w, _) in self._roi_samples(rois, roi_indices, height, width):
            gw = idx[0].shape[3]
            am = argmax[i]
            found = am >= 0
            am = numpy.where(found, am, 0)
            iy, ix = am // gw, am % gw
            img = gx[b]
            for k in range(4):
                flat = ch * (height * width) + idx[k][ph, iy, pw, ix]
                weight = numpy.where(found, w[k][ph, iy, pw, ix], 0.0)
                contrib = (gy[i] * xp.asarray(weight)).astype(gy.dtype)
                _roi.scatter_add_flat(img, flat, contrib)


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

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> rois = np.array([[0, 0, 2, 2]], np.float32)  # (y_min, x_min, y_max, x_max)
        >>> roi_indices = np.array([0], np.int32)
        >>> y = F.roi_max_align_2d(x, rois, roi_indices, outsize=2, spatial_scale=1,
        ...                        sampling_ratio=2)
        >>> y.array[0, 0]
        array([[3.75, 4.75],
               [7.75, 8.75]], dtype=float32)
    """
    return ROIMaxAlign2D(outsize, spatial_scale, sampling_ratio)(x, rois, roi_indices)
