"""N-dimensional max pooling (``max_pooling_nd``, ``_1d``, ``_2d``, ``_3d``)."""
import numpy

import chainer
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.functions._helpers import cudnn as _cudnn
from chainer.functions._helpers import pooling as _pool
from chainer.functions.pooling import pooling_nd


class MaxPoolingND(pooling_nd._PoolingND):
    """N-D max pooling node; after a non-cuDNN forward, ``indexes`` holds the argmax of every
    window (flat position inside the window)."""

    indexes = None
    _used_cudnn = False

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        pooling_nd._PoolingND.__init__(
            self, ndim, ksize, stride, pad, cover_all, return_indices)

    def _use_cudnn(self, x):
        return (not isinstance(x, numpy.ndarray) and not self.return_indices
                and 2 <= self.ndim <= 3 and _cudnn.should_use())

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        self._in_dtype = x.dtype
        out_dims = self._out_dims(x.shape[2:])
        if self._use_cudnn(x):
            self._used_cudnn = True
            self.retain_inputs((0,))
            self.retain_outputs((0,))
            return _cudnn.pool_forward(
                x, out_dims, self.ksize, self.stride, self.pad, _cudnn.pool_mode('max')),
        y, self.indexes = _pool.max_with_indexes(
            x, self.ksize, self.stride, self.pad, self.cover_all)
        return y,

    def _get_indexes(self):
        # Indexes are not computed by cuDNN: recompute them from the retained input.
        if self.indexes is None:
            x = self.get_retained_inputs()[0].array
            _, self.indexes = _pool.max_with_indexes(
                x, self.ksize, self.stride, self.pad, self.cover_all)
        return self.indexes

    def backward(self, indexes, gy):
        return MaxPoolingNDGrad(self).apply(gy)


class MaxPoolingNDGrad(function_node.FunctionNode):
    """Gradient of :class:`MaxPoolingND` (input: ``gy``)."""

    def __init__(self, mpoolnd):
        self.mpoolnd = mpoolnd
        self.ndim = mpoolnd.ndim
        self.ksize = mpoolnd.ksize
        self.stride = mpoolnd.stride
        self.pad = mpoolnd.pad
        self.cover_all = mpoolnd.cover_all
        self._used_cudnn = mpoolnd._used_cudnn
        self._in_shape = mpoolnd._in_shape
        self._in_dtype = mpoolnd._in_dtype

    def forward(self, inputs):
        gy, = inputs
        mp = self.mpoolnd
        if self._used_cudnn:
            x = mp.get_retained_inputs()[0].array
            y = mp.get_retained_outputs()[0].array
            gx = _cudnn.pool_backward(
                x, y, gy, self.ksize, self.stride, self.pad, _cudnn.pool_mode('max'))
            return gx,
        gx = _pool.scatter(gy, mp.indexes, self.ksize, self.stride, self.pad,
                           self._in_shape[2:])
        return gx.astype(self._in_dtype, copy=False),

    def backward(self, indexes, ggx):
        return MaxPoolingNDWithIndexes(self.mpoolnd).apply(ggx)


class MaxPoolingNDWithIndexes(function_node.FunctionNode):
    """Picks the elements of its input at the argmax positions of a :class:`MaxPoolingND`."""

    def __init__(self, mpoolnd):
        self.mpoolnd = mpoolnd
        self.ksize = mpoolnd.ksize
        self.stride = mpoolnd.stride
        self.pad = mpoolnd.pad
        self.cover_all = mpoolnd.cover_all

    def forward(self, inputs):
        x, = inputs
        y = _pool.gather(x, self.mpoolnd._get_indexes(), self.ksize, self.stride, self.pad,
                         self.cover_all)
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        mp = self.mpoolnd
        mp._get_indexes()
        grad = MaxPoolingNDGrad(mp)
        grad._used_cudnn = False
        return grad.apply((gy,))


def max_pooling_nd(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """N-dimensionally spatial max pooling function.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): Size of the pooling window.
        stride (int, tuple of ints or None): Stride; ``None`` means ``ksize``.
        pad (int or tuple of ints): Spatial padding (padded values never win).
        cover_all (bool): If ``True`` (default), all spatial locations are pooled into some
            output (the output size uses ``get_conv_outsize(..., cover_all=True)``).
        return_indices (bool): If ``True``, also returns the argmax of every window (flat
            position inside the window, shape of the output), for :func:`upsampling_2d`.

    Returns:
        ~chainer.Variable or tuple: The output ``(n, c, l_1, ..., l_N)``; with
        ``return_indices``, the pair ``(output, indexes)``.
    """
    ndim = len(x.shape[2:])
    func = MaxPoolingND(ndim, ksize, stride, pad, cover_all, return_indices)
    if return_indices:
        with chainer.using_config('use_cudnn', 'never'):
            out = func.apply((x,))[0]
        return out, func.indexes
    return func.apply((x,))[0]


def max_pooling_1d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """1-dimensional spatial max pooling (:func:`max_pooling_nd` with ``N == 1``)."""
    _conv.check_spatial_ndim(x, 1)
    return max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices)


def max_pooling_2d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """2-dimensional spatial max pooling (:func:`max_pooling_nd` with ``N == 2``).

    Note that ``cover_all`` defaults to ``True``.
    """
    _conv.check_spatial_ndim(x, 2)
    return max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices)


def max_pooling_3d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """3-dimensional spatial max pooling (:func:`max_pooling_nd` with ``N == 3``)."""
    _conv.check_spatial_ndim(x, 3)
    return max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices)
