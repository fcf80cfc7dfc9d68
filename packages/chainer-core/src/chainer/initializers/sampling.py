"""Initializers of bilinear up/down-sampling filters for (de)convolution kernels."""
import numpy

from chainer import initializer


def _get_linear_filter(size, ndim, upsampling=True):
    """Separable linear (tent) interpolation kernel of width ``size`` in ``ndim`` dimensions.

    The upsampling kernel has value 1 at its center; the downsampling kernel is the same shape
    normalized to sum to 1.
    """
    factor = (size + 1) // 2
    if size % 2 == 1:
        center = factor - 1
    else:
        center = factor - 0.5
    filt = numpy.ones((1,) * ndim)
    for og in numpy.ogrid[(slice(size),) * ndim]:
        filt = filt * (1 - abs(og - center) / factor)
    if not upsampling:
        filt = filt / filt.sum()
    return filt


def _kernel_size(shape):
    ksize = None
    for k in shape[2:]:
        if ksize is None:
            ksize = k
        elif ksize != k:
            raise ValueError(
                'ksize must be all same: {} != {}'.format(ksize, k))
    return ksize


def _fill(array, filt, scale, n_maps, n_single):
    # Writes ``filt`` on the diagonal of the first two axes (all entries when the axis that
    # would be indexed has length 1).
    value = numpy.zeros(array.shape, dtype=numpy.float64)
    if n_single == 1:
        value[...] = filt
    else:
        idx = numpy.arange(n_maps)
        value[idx, idx] = filt
    initializer._copy_into(array, (value * scale).astype(array.dtype))


class UpsamplingDeconvFilter(initializer.Initializer):
    """Initializes array with a bilinear upsampling filter for deconvolution.

    The array has the deconvolution weight layout ``(in_channels, out_channels, k, ..., k)``
    with ``in_channels == out_channels`` (each channel upsampled independently) or
    ``out_channels == 1``; all spatial kernel sizes must be equal.

    Args:
        interpolation (str): Interpolation method; only ``'linear'`` is supported.
        scale (float): Scaling factor multiplied to the filter.
        dtype: Data type specifier.
    """

    def __init__(self, interpolation='linear', scale=1, dtype=None):
        if interpolation != 'linear':
            raise ValueError(
                'Unsupported interpolation method: {}'.format(interpolation))
        self.interpolation = interpolation
        self.scale = scale
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim < 3:
            raise ValueError('The array must have spatial dimensions.')
        in_c, out_c = array.shape[:2]
        if not (in_c == out_c or out_c == 1):
            raise ValueError(
                'in_channels and out_channels must be equal, or out_channels must be 1: '
                '{}, {}'.format(in_c, out_c))
        ksize = _kernel_size(array.shape)
        filt = _get_linear_filter(ksize, array.ndim - 2)
        _fill(array, filt, self.scale, in_c, out_c)


class DownsamplingConvFilter(initializer.Initializer):
    """Initializes array with a bilinear downsampling filter for convolution.

    The array has the convolution weight layout ``(out_channels, in_channels, k, ..., k)``
    with ``in_channels == out_channels`` (each channel downsampled independently) or
    ``in_channels == 1``; all spatial kernel sizes must be equal.  The kernel sums to ``scale``.

    Args:
        interpolation (str): Interpolation method; only ``'linear'`` is supported.
        scale (float): Scaling factor multiplied to the filter.
        dtype: Data type specifier.
    """

    def __init__(self, interpolation='linear', scale=1, dtype=None):
        if interpolation != 'linear':
            raise ValueError(
                'Unsupported interpolation method: {}'.format(interpolation))
        self.interpolation = interpolation
        self.scale = scale
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim < 3:
            raise ValueError('The array must have spatial dimensions.')
        out_c, in_c = array.shape[:2]
        if not (in_c == out_c or in_c == 1):
            raise ValueError(
                'in_channels and out_channels must be equal, or in_channels must be 1: '
                '{}, {}'.format(in_c, out_c))
        ksize = _kernel_size(array.shape)
        filt = _get_linear_filter(ksize, array.ndim - 2, upsampling=False)
        _fill(array, filt, self.scale, out_c, in_c)
