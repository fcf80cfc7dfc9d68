"""Two-dimensional upsampling by recorded max-pooling indexes (``upsampling_2d``)."""
from chainer import function_node
from chainer.functions._helpers import pooling as _pool
from chainer.functions.pooling import unpooling_2d
from chainer.utils import type_check


class Upsampling2D(unpooling_2d.Unpooling2D):
    """Places every input value at the argmax position ``indexes`` of its window."""

    def __init__(self, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        unpooling_2d.Unpooling2D.__init__(self, ksize, stride, pad, outsize, cover_all)
        self.indexes = indexes

    def check_type_forward(self, in_types):
        unpooling_2d.Unpooling2D.check_type_forward(self, in_types)
        x_type = in_types[0]
        for i, s in enumerate(self.indexes.shape):
            type_check.expect(x_type.shape[i] == s)

    def forward(self, inputs):
        x, = inputs
        outs = self._get_outs(x.shape[2:])
        self._in_dims = x.shape[2:]
        self._outs = outs
        y = _pool.scatter(x, self.indexes, self.ksize, self.stride, self.pad, outs)
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        return Upsampling2DGrad(self).apply(grad_outputs)


class Upsampling2DGrad(function_node.FunctionNode):
    """Gradient of :class:`Upsampling2D` (input: ``gy``)."""

    def __init__(self, upsampling2d):
        self.upsampling2d = upsampling2d
        self.indexes = upsampling2d.indexes
        self.ksize = upsampling2d.ksize
        self.stride = upsampling2d.stride
        self.pad = upsampling2d.pad
        self.cover_all = upsampling2d.cover_all
        self.outs = upsampling2d._outs

    def forward(self, inputs):
        gy, = inputs
        gx = _pool.gather(gy, self.indexes, self.ksize, self.stride, self.pad, self.cover_all)
        return gx,

    def backward(self, indexes, grad_outputs):
        return Upsampling2D(
            self.indexes, self.ksize, self.stride, self.pad, self.outs,
            self.cover_all).apply(grad_outputs)


def upsampling_2d(x, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Upsampling using pooling indices.

    Every value of ``x`` is put at the position inside its window recorded in ``indexes``
    (as returned by ``max_pooling_2d(..., return_indices=True)``); the rest is zero.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        indexes (:ref:`ndarray`): Flat window positions, of the shape of ``x``.
        ksize (int or pair of ints): Size of the window.
        stride (int, pair of ints or None): Stride; ``None`` means ``ksize``.
        pad (int or pair of ints): Padding (removed from the output).
        outsize (pair of ints): Output size ``(h_O, w_O)``; ``None`` uses
            :func:`~chainer.utils.conv.get_deconv_outsize`.
        cover_all (bool): Whether the pooling that produced ``indexes`` used ``cover_all``.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.array([[[[1, 2, 5, 0], [3, 4, 1, 1], [0, 0, 2, 9], [8, 0, 3, 3]]]], np.float32)
        >>> y, indexes = F.max_pooling_2d(x, ksize=2, return_indices=True)
        >>> F.upsampling_2d(y, indexes, ksize=2, outsize=(4, 4)).array  # maxima back in place
        array([[[[0., 0., 5., 0.],
                 [0., 4., 0., 0.],
                 [0., 0., 0., 9.],
                 [8., 0., 0., 0.]]]], dtype=float32)
    """
    return Upsampling2D(indexes, ksize, stride, pad, outsize, cover_all).apply((x,))[0]
