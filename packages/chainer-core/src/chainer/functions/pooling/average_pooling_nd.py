"""N-dimensional average pooling (``average_pooling_nd``, ``_1d``, ``_3d``)."""
import numpy

from chainer import backend
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.functions._helpers import cudnn as _cudnn
from chainer.functions._helpers import pooling as _pool
from chainer.functions.pooling import average_pooling_nd_kernel
from chainer.functions.pooling import pooling_nd
from chainer.functions.pooling import pooling_nd_kernel


class AveragePoolingND(pooling_nd._PoolingND):
    """N-D average pooling node.

    ``pad_value=0`` divides every window sum by the window size; ``pad_value=None`` divides by
    the number of non-padded elements of the window.
    """

    _used_cudnn = False
    _rejects_empty_input = True

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=False, pad_value=0):
        if pad_value not in (0, None):
            raise ValueError('pad_value must be either 0 or None, not {}.'.format(pad_value))
        pooling_nd._PoolingND.__init__(self, ndim, ksize, stride, pad, cover_all, False)
        self.pad_value = pad_value

    def _use_cudnn(self, x):
        return (not isinstance(x, numpy.ndarray) and not self.cover_all
                and 2 <= self.ndim <= 3 and _cudnn.should_use())

    def _divisor(self, x, out_dims):
        # Window sizes: a Python int, or an array (1, 1, *out_dims) without the padding.
        if self.pad_value is not None:
            size = 1
            for k in self.ksize:
                size *= k
            return size
        xp = backend.get_array_module(x)
        ones = xp.ones((1, 1) + tuple(x.shape[2:]), dtype=x.dtype)
        return _pool.window_sum(ones, self.ksize, self.stride, self.pad, self.cover_all)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        self._in_dtype = x.dtype
        out_dims = self._out_dims(x.shape[2:])
        if self._use_cudnn(x):
            self._used_cudnn = True
            self.retain_inputs((0,))
            self.retain_outputs((0,))
            mode = _cudnn.pool_mode('average', self.pad_value)
            return _cudnn.pool_forward(
                x, out_dims, self.ksize, self.stride, self.pad, mode),
        if not isinstance(x, numpy.ndarray):
            xp = backend.get_array_module(x)
            y = xp.empty(x.shape[:2] + out_dims, dtype=x.dtype)
            pooling_nd_kernel.run(
                average_pooling_nd_kernel.AveragePoolingNDKernelForward, self.ndim,
                (xp.ascontiguousarray(x),), self._size_args(x.shape, out_dims),
                self._kernel_coeffs(), (y,))
            return y,
        self.divisor = self._divisor(x, out_dims)
        y = _pool.window_sum(x, self.ksize, self.stride, self.pad, self.cover_all)
        y = y / self.divisor
        return y.astype(x.dtype, copy=False),

    def _size_args(self, x_shape, out_dims):
        return pooling_nd_kernel.size_args(
            x_shape[2:], out_dims, self.ksize, self.stride, self.pad)

    def _kernel_coeffs(self):
        window = 1
        for k in self.ksize:
            window *= k
        return (1 if self.pad_value is not None else 0), window

    def backward(self, indexes, gy):
        return AveragePoolingNDGrad(self).apply(gy)


class AveragePoolingNDGrad(function_node.FunctionNode):
    """Gradient of :class:`AveragePoolingND` (input: ``gy``)."""

    def __init__(self, apoolnd):
        self.apoolnd = apoolnd
        self.ndim = apoolnd.ndim
        self.ksize = apoolnd.ksize
        self.stride = apoolnd.stride
        self.pad = apoolnd.pad
        self.cover_all = apoolnd.cover_all
        self.pad_value = apoolnd.pad_value
        self._in_shape = apoolnd._in_shape
        self._in_dtype = apoolnd._in_dtype

    def forward(self, inputs):
        gy, = inputs
        ap = self.apoolnd
        if ap._used_cudnn:
            x = ap.get_retained_inputs()[0].array
            y = ap.get_retained_outputs()[0].array
            mode = _cudnn.pool_mode('average', self.pad_value)
            return _cudnn.pool_backward(
                x, y, gy, self.ksize, self.stride, self.pad, mode),
        if not isinstance(gy, numpy.ndarray):
            xp = backend.get_array_module(gy)
            gx = xp.empty(self._in_shape, dtype=self._in_dtype)
            pooling_nd_kernel.run(
                average_pooling_nd_kernel.AveragePoolingNDKernelBackward, self.ndim,
                (xp.ascontiguousarray(gy),), ap._size_args(self._in_shape, gy.shape[2:]),
                ap._kernel_coeffs(), (gx,))
            return gx,
        g = (gy / ap.divisor).astype(gy.dtype, copy=False)
        gx = _pool.spread(g, self.ksize, self.stride, self.pad, self._in_shape[2:])
        return gx.astype(self._in_dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        return AveragePoolingND(
            self.ndim, self.ksize, self.stride, self.pad, self.cover_all,
            self.pad_value).apply(grad_outputs)


def average_pooling_nd(x, ksize, stride=None, pad=0, pad_value=0):
    """N-dimensionally spatial average pooling function.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): Size of the pooling window.
        stride (int, tuple of ints or None): Stride; ``None`` means ``ksize``.
        pad (int or tuple of ints): Spatial padding.
        pad_value (0 or None): ``0`` averages over the whole window (padding counts as
            zeros); ``None`` ignores the padded elements.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c, l_1, ..., l_N)`` (no ``cover_all``).

    .. admonition:: Example

        >>> x = np.ones((1, 1, 4, 4, 4), np.float32)
        >>> y = F.average_pooling_nd(x, ksize=2, pad=1)  # padded values count as 0 by default
        >>> y.shape
        (1, 1, 3, 3, 3)
        >>> y.array[0, 0, 0, 0]
        array([0.125, 0.25 , 0.125], dtype=float32)
        >>> y = F.average_pooling_nd(x, ksize=2, pad=1, pad_value=None)  # or are left out
        >>> y.array[0, 0, 0, 0]
        array([1., 1., 1.], dtype=float32)
    """
    ndim = len(x.shape[2:])
    return AveragePoolingND(ndim, ksize, stride, pad, False, pad_value).apply((x,))[0]


def average_pooling_1d(x, ksize, stride=None, pad=0, pad_value=0):
    """1-dimensional spatial average pooling (:func:`average_pooling_nd` with ``N == 1``).

    .. admonition:: Example

        >>> x = np.array([[[1, 3, 5, 7, 9, 11]]], np.float32)  # (batch, channel, length)
        >>> F.average_pooling_1d(x, ksize=2).array
        array([[[ 2.,  6., 10.]]], dtype=float32)
        >>> F.average_pooling_1d(x, ksize=3, stride=3).array
        array([[[3., 9.]]], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 1)
    return average_pooling_nd(x, ksize, stride, pad, pad_value)


def average_pooling_3d(x, ksize, stride=None, pad=0, pad_value=0):
    """3-dimensional spatial average pooling (:func:`average_pooling_nd` with ``N == 3``).

    .. admonition:: Example

        >>> x = np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2)
        >>> F.average_pooling_3d(x, ksize=2).array.ravel()
        array([3.5], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 3)
    return average_pooling_nd(x, ksize, stride, pad, pad_value)
