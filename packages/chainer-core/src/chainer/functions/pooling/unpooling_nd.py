"""N-dimensional unpooling (``unpooling_nd``, ``_1d``, ``_3d``)."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.functions._helpers import pooling as _pool
from chainer.functions.pooling import pooling_nd
from chainer.utils import type_check


class UnpoolingND(pooling_nd._PoolingND):
    """N-D unpooling node: copies every input value over its (possibly overlapping) window."""

    def __init__(self, ndim, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        pooling_nd._PoolingND.__init__(self, ndim, ksize, stride, pad, cover_all, False)
        self.outs = None if outsize is None else _conv.as_tuple(outsize, ndim)

    def check_type_forward(self, in_types):
        pooling_nd._PoolingND.check_type_forward(self, in_types)
        if self.outs is not None:
            x_type = in_types[0]
            expected = _conv.conv_outsize(
                self.outs, self.ksize, self.stride, self.pad, self.cover_all)
            for i, e in enumerate(expected):
                type_check.expect(x_type.shape[2 + i] == e)

    def _get_outs(self, dims):
        if self.outs is not None:
            return self.outs
        outs = _conv.deconv_outsize(dims, self.ksize, self.stride, self.pad, self.cover_all)
        # (as v7: the padding may crop every output pixel away, leaving an empty output)
        return tuple(max(o, 0) for o in outs)

    def forward(self, inputs):
        x, = inputs
        outs = self._get_outs(x.shape[2:])
        self._in_dims = x.shape[2:]
        self._outs = outs
        y = _pool.spread(x, self.ksize, self.stride, self.pad, outs)
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        return UnpoolingNDGrad(self).apply(grad_outputs)


class UnpoolingNDGrad(function_node.FunctionNode):
    """Gradient of :class:`UnpoolingND` (input: ``gy``): the window sums of ``gy``."""

    def __init__(self, unpoolingnd):
        self.unpoolingnd = unpoolingnd
        self.ndim = unpoolingnd.ndim
        self.ksize = unpoolingnd.ksize
        self.stride = unpoolingnd.stride
        self.pad = unpoolingnd.pad
        self.cover_all = unpoolingnd.cover_all
        self.outs = unpoolingnd._outs
        self._in_dims = unpoolingnd._in_dims

    def forward(self, inputs):
        gy, = inputs
        if gy.size == 0:
            # an output cropped away entirely by the padding
            xp = backend.get_array_module(gy)
            return xp.zeros(gy.shape[:2] + tuple(self._in_dims), gy.dtype),
        gx = _pool.window_sum(gy, self.ksize, self.stride, self.pad, self.cover_all)
        return gx,

    def backward(self, indexes, grad_outputs):
        return UnpoolingND(
            self.ndim, self.ksize, self.stride, self.pad, self.outs,
            self.cover_all).apply(grad_outputs)


def unpooling_nd(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse operation of N-dimensional spatial pooling.

    Every input value is copied to all pixels of its window (values of overlapping windows
    are summed).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): Size of the window.
        stride (int, tuple of ints or None): Stride; ``None`` means ``ksize``.
        pad (int or tuple of ints): Padding (removed from the output).
        outsize (tuple of ints): Output spatial shape; ``None`` uses
            :func:`~chainer.utils.conv.get_deconv_outsize`. A given ``outsize`` must map back
            to the input shape by :func:`~chainer.utils.conv.get_conv_outsize`.
        cover_all (bool): Whether the inverted pooling used ``cover_all``.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c, l_1, ..., l_N)``.

    .. admonition:: Example

        >>> x = np.array([[[1, 2]]], np.float32)
        >>> F.unpooling_nd(x, ksize=3, cover_all=False).array
        array([[[1., 1., 1., 2., 2., 2.]]], dtype=float32)
        >>> F.unpooling_nd(np.ones((1, 1, 2, 2, 2), np.float32), ksize=2, cover_all=False).shape
        (1, 1, 4, 4, 4)
    """
    ndim = len(x.shape[2:])
    return UnpoolingND(ndim, ksize, stride, pad, outsize, cover_all).apply((x,))[0]


def unpooling_1d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse of 1-dimensional pooling (:func:`unpooling_nd` with ``N == 1``).

    .. admonition:: Example

        >>> x = np.array([[[1, 2, 3]]], np.float32)
        >>> F.unpooling_1d(x, ksize=2, cover_all=False).array
        array([[[1., 1., 2., 2., 3., 3.]]], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 1)
    return unpooling_nd(x, ksize, stride, pad, outsize, cover_all)


def unpooling_3d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse of 3-dimensional pooling (:func:`unpooling_nd` with ``N == 3``).

    .. admonition:: Example

        >>> x = np.ones((1, 1, 2, 2, 2), np.float32)
        >>> F.unpooling_3d(x, ksize=2, cover_all=False).shape
        (1, 1, 4, 4, 4)
    """
    _conv.check_spatial_ndim(x, 3)
    return unpooling_nd(x, ksize, stride, pad, outsize, cover_all)
