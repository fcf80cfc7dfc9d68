"""Caffe's layer semantics written with Chainer functions, where they differ from Chainer's.

Each function takes the layer's bottoms and the parameters read from the caffemodel; all
of them are differentiable, so a loaded network can be fine-tuned. ``functools.partial``
objects of these functions are what ``CaffeFunction.forwards`` holds for such layers.
"""

import numpy

from chainer import backend
from chainer import functions
from chainer.utils import conv


def pooled_size(size, kernel, stride, pad, ceil_mode):
    """Caffe's pooled output size: ceil (or floor) rounding, and no window that starts in
    the bottom/right padding."""
    pooled = conv.get_conv_outsize(size, kernel, stride, pad, cover_all=ceil_mode)
    if pad and (pooled - 1) * stride >= size + pad:
        pooled -= 1
    return pooled


def _pair(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value, value)


def _pooled_shape(in_size, ksize, stride, pad, ceil_mode):
    return tuple(pooled_size(n, k, s, p, ceil_mode) for n, k, s, p in zip(
        in_size, _pair(ksize), _pair(stride), _pair(pad)))


def max_pooling_2d(x, ksize, stride, pad, ceil_mode=True):
    """Caffe's MAX pooling (``ksize``, ``stride`` and ``pad`` are ints or pairs)."""
    # Called as v7 did (without cover_all when rounding up), for tests that mock it.
    if ceil_mode:
        y = functions.max_pooling_2d(x, ksize, stride=stride, pad=pad)
    else:
        y = functions.max_pooling_2d(x, ksize, stride=stride, pad=pad, cover_all=False)
    if x.ndim != 4:  # only a mocked max_pooling_2d accepts such an input
        return y
    # Chainer's windows start where Caffe's do; rounding up, it may add a last window that
    # starts in the padding, which Caffe drops.
    caffe_size = _pooled_shape(x.shape[2:], ksize, stride, pad, ceil_mode)
    chainer_size = tuple(
        conv.get_conv_outsize(n, k, s, p, cover_all=ceil_mode)
        for n, k, s, p in zip(x.shape[2:], _pair(ksize), _pair(stride), _pair(pad)))
    if chainer_size == caffe_size:
        return y
    return y[:, :, :caffe_size[0], :caffe_size[1]]


def average_pooling_2d(x, ksize, stride, pad, ceil_mode=True):
    """Caffe's AVE pooling (``ksize``, ``stride`` and ``pad`` are ints or pairs): a window's
    sum is divided by its size clipped to the padded input (so zero padding counts, but the
    part beyond it does not)."""
    if x.ndim != 4:  # as v7 calls it (average_pooling_2d rejects such an input)
        return functions.average_pooling_2d(x, ksize, stride=stride, pad=pad)
    in_size = x.shape[2:]
    ksize2, stride2, pad2 = _pair(ksize), _pair(stride), _pair(pad)
    out_size = _pooled_shape(in_size, ksize, stride, pad, ceil_mode)
    floor_size = tuple(conv.get_conv_outsize(n, k, s, p)
                       for n, k, s, p in zip(in_size, ksize2, stride2, pad2))
    if floor_size == out_size:
        # Every window lies in the padded input: Chainer's divisor (the window size) is
        # Caffe's.
        return functions.average_pooling_2d(x, ksize, stride=stride, pad=pad)
    extents = [(o - 1) * s + k for o, s, k in zip(out_size, stride2, ksize2)]
    pad_width = ((0, 0), (0, 0)) + tuple(
        (p, max(0, e - p - n)) for p, e, n in zip(pad2, extents, in_size))
    y = functions.average_pooling_2d(
        functions.pad(x, pad_width, 'constant'), ksize2, stride2, 0)
    if y.shape[2:] != out_size:
        y = y[:, :, :out_size[0], :out_size[1]]
    window_sizes = [
        numpy.minimum(numpy.arange(o) * s - p + k, n + p) - (numpy.arange(o) * s - p)
        for o, s, p, k, n in zip(out_size, stride2, pad2, ksize2, in_size)]
    factor = (ksize2[0] * ksize2[1]) / numpy.outer(*window_sizes)
    xp = backend.get_array_module(y)
    return functions.scale(y, xp.asarray(factor, dtype=y.dtype), axis=2)


def global_max_pooling_2d(x):
    """Caffe's MAX pooling with ``global_pooling``."""
    return functions.max_pooling_2d(x, x.shape[2:], stride=1, pad=0)


def global_average_pooling_2d(x):
    """Caffe's AVE pooling with ``global_pooling``."""
    return functions.average_pooling_2d(x, x.shape[2:], stride=1, pad=0)


def reshape(x, dims, axis, num_axes):
    """Caffe's Reshape: ``dims`` replace the axes ``[axis, axis + num_axes)``; a 0 copies
    the input dimension at its place and one -1 is inferred."""
    shape = x.shape
    start = axis if axis >= 0 else len(shape) + axis + 1
    end = len(shape) if num_axes == -1 else start + num_axes
    new = [shape[start + i] if d == 0 else d for i, d in enumerate(dims)]
    return functions.reshape(x, tuple(shape[:start]) + tuple(new) + tuple(shape[end:]))


def flatten(x, axis, end_axis):
    """Caffe's Flatten: the axes ``[axis, end_axis]`` (inclusive) become one."""
    shape = x.shape
    start = axis % len(shape)
    end = end_axis % len(shape)
    return functions.reshape(x, shape[:start] + (-1,) + shape[end + 1:])


def eltwise_sum(*xs, coeffs=None):
    """Caffe's Eltwise SUM, with optional per-bottom coefficients."""
    if coeffs is None:
        y = xs[0]
        for x in xs[1:]:
            y = y + x
        return y
    y = xs[0] * coeffs[0]
    for x, c in zip(xs[1:], coeffs[1:]):
        y = y + x * c
    return y


def eltwise_prod(*xs):
    """Caffe's Eltwise PROD."""
    y = xs[0]
    for x in xs[1:]:
        y = y * x
    return y


def eltwise_max(*xs):
    """Caffe's Eltwise MAX."""
    y = xs[0]
    for x in xs[1:]:
        y = functions.maximum(y, x)
    return y


def concat(*xs, axis=1):
    """Caffe's Concat."""
    return functions.concat(xs, axis=axis)


def softmax_with_loss(x, t, ignore_label=None, normalization='VALID'):
    """Caffe's SoftmaxWithLoss over axis 1.

    ``normalization`` is the name of Caffe's ``LossParameter.NormalizationMode``: VALID
    divides by the number of labels that are not ``ignore_label``, FULL by the number of
    labels, BATCH_SIZE by the batch size and NONE not at all.
    """
    ignore = -1 if ignore_label is None else ignore_label
    if normalization == 'VALID':
        return functions.softmax_cross_entropy(x, t, ignore_label=ignore)
    if normalization == 'BATCH_SIZE':
        return functions.softmax_cross_entropy(x, t, normalize=False, ignore_label=ignore)
    total = functions.sum(functions.softmax_cross_entropy(x, t, ignore_label=ignore,
                                                          reduce='no'))
    if normalization == 'FULL':
        return total / t.size
    return total
