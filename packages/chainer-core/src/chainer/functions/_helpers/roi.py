"""Argument parsing, type checks, bin/sample geometry and base classes shared by the ROI
pooling and ROI align functions."""
import numpy

from chainer import backend
from chainer import function
from chainer.utils import type_check
from chainer.utils._scatter import scatter_add


def _pair(x):
    if isinstance(x, (tuple, list)):
        return tuple(x)
    return x, x


def parse_outsize(outsize):
    """``outsize`` (int or pair) -> ``(outh, outw)`` of positive ints, else ``TypeError``."""
    outh, outw = _pair(outsize)
    for i, o in enumerate((outh, outw)):
        if not (isinstance(o, (int, numpy.integer)) and o > 0):
            raise TypeError(
                'outsize[{}] must be positive integer: {}, {}'.format(i, type(o), o))
    return int(outh), int(outw)


def parse_spatial_scale(spatial_scale):
    """Returns ``spatial_scale`` as a positive float, else raises ``TypeError``."""
    if isinstance(spatial_scale, (int, numpy.integer)):
        spatial_scale = float(spatial_scale)
    if not (isinstance(spatial_scale, (float, numpy.floating)) and spatial_scale > 0):
        raise TypeError('spatial_scale must be a positive float number: {}, {}'.format(
            type(spatial_scale), spatial_scale))
    return float(spatial_scale)


def parse_sampling_ratio(sampling_ratio):
    """``None``, int or pair -> pair of (positive int or None), else ``TypeError``."""
    ratio = _pair(sampling_ratio)
    if len(ratio) != 2 or not all(
            r is None or (isinstance(r, (int, numpy.integer)) and r >= 1) for r in ratio):
        raise TypeError(
            'sampling_ratio must be integer >= 1 or a pair of it: {}'.format(sampling_ratio))
    return tuple(None if r is None else int(r) for r in ratio)


def check_types(in_types):
    """Type check of ``(x, rois, roi_indices)`` with ``rois`` of shape ``(R, 4)``."""
    type_check.expect(in_types.size() == 3)
    x_type, roi_type, roi_index_type = in_types
    type_check.argname(in_types, ('x', 'rois', 'roi_indices'))
    type_check.expect(
        x_type.dtype.kind == 'f',
        x_type.ndim == 4,
        x_type.dtype == roi_type.dtype,
        roi_type.ndim == 2,
        roi_type.shape[1] == 4,
        roi_index_type.dtype == numpy.int32,
        roi_index_type.ndim == 1,
        roi_type.shape[0] == roi_index_type.shape[0],
    )


def to_cpu(a):
    """Host copy of a (small) array: ROI coordinates drive Python-level bookkeeping."""
    if isinstance(a, numpy.ndarray):
        return a
    return a.get()


def rounded_roi(roi, spatial_scale):
    """``(y_min, x_min, y_max, x_max)`` scaled and rounded (half to even, as NumPy)."""
    return [int(round(float(v) * spatial_scale)) for v in roi]


def bin_range(i, bin_size, start, limit):
    """``[floor(i * b) + start, ceil((i + 1) * b) + start)`` clipped to ``[0, limit]``."""
    lo = int(numpy.floor(i * bin_size)) + start
    hi = int(numpy.ceil((i + 1) * bin_size)) + start
    return min(max(lo, 0), limit), min(max(hi, 0), limit)


def bilinear_corners(y, x, height, width):
    """Bilinear interpolation of sample points (ROIAlign convention).

    Args:
        y, x: float64 NumPy arrays of sample coordinates (same shape).
    Returns:
        ``(valid, idx, w)``: ``valid`` marks samples inside ``[-1, size]``; ``idx`` is a list
        of 4 flat pixel indexes (``y * width + x``) and ``w`` the 4 matching weights (zero for
        invalid samples).
    """
    valid = ~((y < -1.0) | (y > height) | (x < -1.0) | (x > width))
    y = numpy.maximum(y, 0.0)
    x = numpy.maximum(x, 0.0)
    y_low = y.astype(numpy.int64)
    x_low = x.astype(numpy.int64)
    y_top = y_low >= height - 1
    x_top = x_low >= width - 1
    y_low = numpy.where(y_top, height - 1, y_low)
    x_low = numpy.where(x_top, width - 1, x_low)
    y_high = numpy.where(y_top, height - 1, y_low + 1)
    x_high = numpy.where(x_top, width - 1, x_low + 1)
    y = numpy.where(y_top, y_low, y)
    x = numpy.where(x_top, x_low, x)
    ly = y - y_low
    lx = x - x_low
    hy = 1.0 - ly
    hx = 1.0 - lx
    w = [hy * hx, hy * lx, ly * hx, ly * lx]
    w = [numpy.where(valid, wi, 0.0) for wi in w]
    idx = [y_low * width + x_low, y_low * width + x_high,
           y_high * width + x_low, y_high * width + x_high]
    return valid, idx, w


def sample_grid(start, bin_size, n_bins, grid):
    """Sample coordinates ``(n_bins, grid)``: ``start + i b + (j + .5) b / grid``."""
    i = numpy.arange(n_bins, dtype=numpy.float64)[:, None]
    j = numpy.arange(grid, dtype=numpy.float64)[None, :]
    return start + i * bin_size + (j + 0.5) * bin_size / grid


def align_samples(roi, spatial_scale, outh, outw, sampling_ratio, height, width):
    """Bilinear sampling points of one ROI for ROIAlign.

    Returns:
        ``(valid, idx, w, count)`` as in :func:`bilinear_corners`, with arrays of shape
        ``(outh, gh, outw, gw)``, and ``count = gh * gw`` samples per bin.
    """
    y0, x0, y1, x1 = [float(v) * spatial_scale for v in roi]
    roi_h = max(y1 - y0, 1.0)
    roi_w = max(x1 - x0, 1.0)
    bin_h = roi_h / outh
    bin_w = roi_w / outw
    gh = sampling_ratio[0] if sampling_ratio[0] is not None else int(numpy.ceil(bin_h))
    gw = sampling_ratio[1] if sampling_ratio[1] is not None else int(numpy.ceil(bin_w))
    ys = sample_grid(y0, bin_h, outh, gh)[:, :, None, None]
    xs = sample_grid(x0, bin_w, outw, gw)[None, None, :, :]
    ys, xs = numpy.broadcast_arrays(ys, xs)
    valid, idx, w = bilinear_corners(ys, xs, height, width)
    return valid, idx, w, gh * gw


def scatter_add_rows(gx_img, flat_idx, values):
    """``gx_img[:, flat_idx] += values`` with repetitions summed (``gx_img`` is ``(C, HW)``,
    ``values`` is ``(C, M)``)."""
    xp = backend.get_array_module(gx_img)
    scatter_add(gx_img.T, xp.asarray(flat_idx), values.T)


def pooling_bins(rois, roi_indices, spatial_scale, outh, outw, height, width,
                 inclusive=False):
    """Yields ``(i, batch_index, ph, pw, hs, he, ws, we)`` for every non-empty bin of
    ROI pooling with rois ``(y_min, x_min, y_max, x_max)`` (rounded, at least 1x1).

    With ``inclusive``, the extent of a ROI counts both of its end pixels (``y_max - y_min + 1``
    rows), as in Fast R-CNN's ``roi_pooling_2d``."""
    rois = to_cpu(rois)
    roi_indices = to_cpu(roi_indices)
    extra = 1 if inclusive else 0
    for i in range(len(rois)):
        y0, x0, y1, x1 = rounded_roi(rois[i], spatial_scale)
        bin_h = max(y1 - y0 + extra, 1) / outh
        bin_w = max(x1 - x0 + extra, 1) / outw
        for ph in range(outh):
            hs, he = bin_range(ph, bin_h, y0, height)
            if he <= hs:
                continue
            for pw in range(outw):
                ws, we = bin_range(pw, bin_w, x0, width)
                if we <= ws:
                    continue
                yield i, int(roi_indices[i]), ph, pw, hs, he, ws, we


def scatter_add_flat(target, flat_idx, values):
    """``target.ravel()[flat_idx] += values`` with repetitions summed (``target``
    contiguous)."""
    xp = backend.get_array_module(target)
    scatter_add(target.reshape(-1), xp.asarray(flat_idx).ravel(), values.ravel())


def bilinear_sample(img, idx, w):
    """Bilinearly interpolated samples of ``img`` ``(C, H * W)`` at the points of
    :func:`bilinear_corners` (``idx``, ``w``: NumPy arrays of one shape ``S``): ``(C, *S)``."""
    xp = backend.get_array_module(img)
    acc = 0
    for k in range(4):
        acc = acc + img[:, xp.asarray(idx[k])] * xp.asarray(w[k])
    return acc


def max_in_window(img, hs, he, ws, we, width, ch):
    """Per-channel maximum of ``img[:, hs:he, ws:we]`` (``img`` is ``(C, H, W)``, ``ch`` is
    ``arange(C)``) and its flat position ``y * width + x`` in the image."""
    window = img[:, hs:he, ws:we].reshape(len(ch), -1)
    am = window.argmax(axis=1)
    return window[ch, am], (hs + am // (we - ws)) * width + ws + am % (we - ws)


def flat_input_index(batch, pos, channels, height, width):
    """Index into ``x.ravel()`` (``x`` of shape ``(N, C, H, W)``) of the positions ``pos``
    ``(R, C, ...)`` (flat in each image) of ROIs whose batch indexes are ``batch`` ``(R,)``."""
    xp = backend.get_array_module(pos)
    ch = xp.arange(channels)
    return (batch[:, None, None, None] * channels + ch[None, :, None, None]) \
        * (height * width) + pos


class ROIPoolingFunction(function.Function):
    """Base of the ROI functions of inputs ``x``, ``rois`` ``(R, 4)`` as
    ``(y_min, x_min, y_max, x_max)`` and ``roi_indices`` ``(R,)``.

    Subclasses implement ``_pool(x, rois, roi_indices, y)``, filling the zero output ``y``
    ``(R, C, outh, outw)``, and ``_unpool(rois, roi_indices, gy, gx)``, adding the gradient
    of ``x`` to the zero ``gx``.

    Args:
        outsize (int or pair of ints): Output size ``(outh, outw)``.
        spatial_scale (float): Scale from ROI coordinates to ``x`` coordinates.
    """

    def __init__(self, outsize, spatial_scale):
        self.outh, self.outw = parse_outsize(outsize)
        self.spatial_scale = parse_spatial_scale(spatial_scale)

    def check_type_forward(self, in_types):
        check_types(in_types)

    def forward(self, inputs):
        self.retain_inputs((1, 2))
        x, rois, roi_indices = inputs
        xp = backend.get_array_module(x)
        self._x_shape = x.shape
        y = xp.zeros((len(rois), x.shape[1], self.outh, self.outw), dtype=x.dtype)
        self._pool(x, rois, roi_indices, y)
        return y,

    def backward(self, inputs, gy):
        _, rois, roi_indices = inputs
        gy = gy[0]
        gx = backend.get_array_module(gy).zeros(self._x_shape, dtype=gy.dtype)
        self._unpool(rois, roi_indices, gy, gx)
        return gx, None, None

    def _pool(self, x, rois, roi_indices, y):
        raise NotImplementedError

    def _unpool(self, rois, roi_indices, gy, gx):
        raise NotImplementedError


class ROIAlignFunction(ROIPoolingFunction):
    """Base of the ROIAlign functions (bilinear samples, see :func:`align_samples`).

    Args:
        outsize (int or pair of ints): Output size ``(outh, outw)``.
        spatial_scale (float): Scale from ROI coordinates to ``x`` coordinates.
        sampling_ratio (int, pair of ints or None): Samples per bin along each axis.
    """

    def __init__(self, outsize, spatial_scale, sampling_ratio=None):
        super().__init__(outsize, spatial_scale)
        self.sampling_ratio = parse_sampling_ratio(sampling_ratio)

    def check_type_forward(self, in_types):
        check_types(in_types)
        # v7's ROIAlign functions take float32 images and boxes only
        type_check.expect(in_types[0].dtype == numpy.float32)

    def _roi_samples(self, rois, roi_indices, height, width):
        # Yields ``(i, batch_index, (valid, idx, w, count))`` (see align_samples) of each ROI.
        rois = to_cpu(rois)
        roi_indices = to_cpu(roi_indices)
        for i in range(len(rois)):
            yield i, int(roi_indices[i]), align_samples(
                rois[i], self.spatial_scale, self.outh, self.outw, self.sampling_ratio,
                height, width)
