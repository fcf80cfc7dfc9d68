"""N-dimensional max pooling (``max_pooling_nd``, ``_1d``, ``_2d``, ``_3d``)."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.functions._helpers import cudnn as _cudnn
from chainer.functions._helpers import pooling as _pool
from chainer.functions.pooling import max_pooling_nd_kernel
from chainer.functions.pooling import pooling_nd
from chainer.functions.pooling import pooling_nd_kernel


class MaxPoolingND(pooling_nd._PoolingND):
    """N-D max pooling node; after a non-cuDNN forward, ``indexes`` holds the argmax of every
    window (flat position inside the window)."""

    indexes = None
    _used_cudnn = False
    _rejects_empty_input = True

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
        if isinstance(x, numpy.ndarray):
            y, self.indexes = _pool.max_with_indexes(
                x, self.ksize, self.stride, self.pad, self.cover_all)
            return y,
        xp = backend.get_array_module(x)
        y = xp.empty(x.shape[:2] + out_dims, dtype=x.dtype)
        self.indexes = xp.empty(y.shape, dtype=numpy.int32)
        pooling_nd_kernel.run(
            max_pooling_nd_kernel.MaxPoolingNDKernelForward, self.ndim,
            (xp.ascontiguousarray(x),), self._size_args(x.shape, out_dims), (),
            (y, self.indexes))
        return y,

    def _size_args(self, x_shape, out_dims):
        return pooling_nd_kernel.size_args(
            x_shape[2:], out_dims, self.ksize, self.stride, self.pad)

    def _get_indexes(self):
        # Indexes are not computed by cuDNN: recompute them from the retained input.
        if self.indexes is None:
            x = self.get_retained_inputs()[0].array
            _, self.indexes = _pool.max_with_indexes(
                x, self.ksize, self.stride, self.pad, self.cover_all)
        return self.indexes

    def backward(self, indexes, gy):
        return MaxPoolingNDGrad(self).apply(gy)

    def _backward_arrays(self, indexes, gy):
        return MaxPoolingNDGrad(self).forward(gy)


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
        if isinstance(gy, numpy.ndarray):
            gx = _pool.scatter(gy, mp.indexes, self.ksize, self.stride, self.pad,
                               self._in_shape[2:])
            return gx.astype(self._in_dtype, copy=False),
        xp = backend.get_array_module(gy)
        gx = xp.empty(self._in_shape, dtype=self._in_dtype)
        pooling_nd_kernel.run(
            max_pooling_nd_kernel.MaxPoolingNDKernelBackward, self.ndim,
            (xp.ascontiguousarray(gy),), mp._size_args(self._in_shape, gy.shape[2:]),
            (mp.indexes,), (gx,))
        return gx,

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
        mp = self.mpoolnd
        if isinstance(x, numpy.ndarray):
            y = _pool.gather(x, mp._get_indexes(), self.ksize, self.stride, self.pad,
                             self.cover_all)
            return y,
        xp = backend.get_array_module(x)
        out_dims = mp._out_dims(x.shape[2:])
        y = xp.empty(x.shape[:2] + out_dims, dtype=x.dtype)
        sizes = mp._size_args(x.shape, out_dims)
        x = xp.ascontiguousarray(x)
        if mp.indexes is None:
            # cuDNN ran the forward pass: recompute the argmax from the pooled input
            x_in = xp.ascontiguousarray(mp.get_retained_inputs()[0].array)
            pooling_nd_kernel.run(
                max_pooling_nd_kernel.MaxPoolingNDKernelForwardWithIndexes1, mp.ndim,
                (x_in,), sizes, (x,), (y,))
        else:
            pooling_nd_kernel.run(
                max_pooling_nd_kernel.MaxPoolingNDKernelForwardWithIndexes, mp.ndim,
                (x,), sizes, (mp.indexes,), (y,))
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

    .. admonition:: Example

        >>> x = np.arange(64, dtype=np.float32).reshape(1, 1, 4, 4, 4)
        >>> y = F.max_pooling_nd(x, ksize=2)  # as many spatial axes as ksize has
        >>> y.shape
        (1, 1, 2, 2, 2)
        >>> y.array.ravel()
        array([21., 23., 29., 31., 53., 55., 61., 63.], dtype=float32)
    """
    ndim = len(x.shape[2:])
    func = MaxPoolingND(ndim, ksize, stride, pad, cover_all, return_indices)
    if return_indices:
        with chainer.using_config('use_cudnn', 'never'):
            out = func.apply((x,))[0]
        return out, func.indexes
    return func.apply((x,))[0]


def max_pooling_1d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """1-dimensional spatial max pooling (:func:`max_pooling_nd` with ``N == 1``).

    .. admonition:: Example

        >>> x = np.array([[[1, 5, 2, 0, 7, 3]]], np.float32)
        >>> F.max_pooling_1d(x, ksize=2).array
        array([[[5., 2., 7.]]], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 1)
    return max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices)


def max_pooling_2d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """2-dimensional spatial max pooling (:func:`max_pooling_nd` with ``N == 2``).

    Note that ``cover_all`` defaults to ``True``.

    .. admonition:: Example

        >>> x = np.array([[[[1, 2, 5, 0], [3, 4, 1, 1], [0, 0, 2, 9], [8, 0, 3, 3]]]], np.float32)
        >>> F.max_pooling_2d(x, ksize=2).array
        array([[[[4., 5.],
                 [8., 9.]]]], dtype=float32)
        >>> y, indexes = F.max_pooling_2d(x, ksize=2, return_indices=True)
        >>> indexes.ravel().tolist()  # where in each 2 x 2 window the maximum is
        [3, 0, 2, 1]
        >>> F.max_pooling_2d(x, ksize=3, stride=2).shape  # cover_all=True keeps the border
        (1, 1, 2, 2)
    """
    _conv.check_spatial_ndim(x, 2)
    return max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices)


def max_pooling_3d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """3-dimensional spatial max pooling (:func:`max_pooling_nd` with ``N == 3``).

    .. admonition:: Example

        >>> x = np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2)
        >>> F.max_pooling_3d(x, ksize=2).array.ravel()
        array([7.], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 3)
    return max_pooling_nd(x, ksize, stride, pad, cover_all, return_indices)
