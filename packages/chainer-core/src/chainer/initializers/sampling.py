"""Bilinear resampling kernels for (de)convolution weights.

``UpsamplingDeconvFilter`` and ``DownsamplingConvFilter`` make a (de)convolution perform
linear interpolation of each channel separately.
"""
import functools

import numpy

from chainer import initializer


def _tent(size):
    # 1-D linear interpolation weights of a kernel of width ``size`` (peak 1 at the center).
    half = (size + 1) // 2
    middle = (size - 1) / 2.0
    return 1.0 - numpy.abs(numpy.arange(size) - middle) / half


def _separable_kernel(size, ndim, normalize):
    kernel = functools.reduce(numpy.multiply.outer, [_tent(size)] * ndim)
    if normalize:
        kernel = kernel / kernel.sum()
    return kernel


def _common_kernel_size(shape):
    sizes = set(shape[2:])
    if len(sizes) != 1:
        raise ValueError('ksize must be all same: {}'.format(tuple(shape[2:])))
    return sizes.pop()


class _NoSpatialAxesError(ValueError, TypeError):
    """The array has fewer than three axes (Chainer v7 fails there with a TypeError for two
    axes and a ValueError for one)."""


class _ChannelMismatchError(ValueError, AssertionError):
    """The channel axes do not fit the filter (Chainer v7 fails an assertion there)."""


class _ResamplingFilter(initializer.Initializer):
    # The channel axis that may have length 1 (broadcast) is ``_free_axis`` (0 or 1); otherwise
    # both channel axes must be equal and the kernel sits on their diagonal.

    _free_axis = None
    _normalize = False

    def __init__(self, interpolation='linear', dtype=None):
        if interpolation != 'linear':
            raise ValueError('Unsupported interpolation method: {}'.format(interpolation))
        self.interpolation = interpolation
        super().__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        if array.ndim < 3:
            raise _NoSpatialAxesError('The array must have spatial dimensions.')
        n_a, n_b = array.shape[:2]
        broadcast = array.shape[self._free_axis] == 1
        if not (n_a == n_b or broadcast):
            raise _ChannelMismatchError(
                'the two channel axes must have the same length, or axis {} length 1: '
                'shape {}'.format(self._free_axis, array.shape))
        kernel = _separable_kernel(
            _common_kernel_size(array.shape), array.ndim - 2, self._normalize)
        weights = numpy.zeros(array.shape, dtype=numpy.float64)
        if broadcast:
            weights[...] = kernel
        else:
            channels = numpy.arange(n_a)
            weights[channels, channels] = kernel
        initializer._copy_into(array, weights.astype(array.dtype))


class UpsamplingDeconvFilter(_ResamplingFilter):
    """Bilinear upsampling kernel for deconvolution weights.

    The weight has the deconvolution layout ``(in_channels, out_channels, k, ..., k)``; either
    ``in_channels == out_channels`` (each channel is upsampled on its own) or
    ``out_channels == 1``.  All kernel sizes must be equal; the kernel peaks at 1.

    Args:
        interpolation (str): Only ``'linear'`` is supported.
        dtype: Data type the filled arrays must have (``None`` for any).
    """

    _free_axis = 1


class DownsamplingConvFilter(_ResamplingFilter):
    """Bilinear downsampling kernel for convolution weights.

    The weight has the convolution layout ``(out_channels, in_channels, k, ..., k)``; either
    ``in_channels == out_channels`` (each channel is downsampled on its own) or
    ``in_channels == 1``.  All kernel sizes must be equal; the kernel sums to 1.

    Args:
        interpolation (str): Only ``'linear'`` is supported.
        dtype: Data type the filled arrays must have (``None`` for any).
    """

    _free_axis = 1
    _normalize = True
