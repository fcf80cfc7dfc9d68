"""Two-dimensional unpooling (``unpooling_2d``)."""
from chainer.functions.pooling import pooling_2d
from chainer.functions.pooling import unpooling_nd


class Unpooling2D(unpooling_nd.UnpoolingND, pooling_2d.Pooling2D):
    """2-D unpooling node (exposes ``outh``/``outw`` besides the 2-D window attributes)."""

    def __init__(self, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        unpooling_nd.UnpoolingND.__init__(self, 2, ksize, stride, pad, outsize, cover_all)

    @property
    def outh(self):
        return None if self.outs is None else self.outs[0]

    @property
    def outw(self):
        return None if self.outs is None else self.outs[1]

    def backward(self, indexes, grad_outputs):
        return Unpooling2DGrad(self).apply(grad_outputs)


class Unpooling2DGrad(unpooling_nd.UnpoolingNDGrad):
    """Gradient of :class:`Unpooling2D` (input: ``gy``)."""


def unpooling_2d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse operation of 2-D pooling: every value is copied over its window.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        ksize (int or pair of ints): Size of the window.
        stride (int, pair of ints or None): Stride; ``None`` means ``ksize``.
        pad (int or pair of ints): Padding (removed from the output).
        outsize (pair of ints): Output size ``(h_O, w_O)``; ``None`` uses
            :func:`~chainer.utils.conv.get_deconv_outsize`.
        cover_all (bool): Whether the inverted pooling used ``cover_all``.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.array([[[[1, 2], [3, 4]]]], np.float32)
        >>> F.unpooling_2d(x, ksize=2, cover_all=False).array  # each value fills its window
        array([[[[1., 1., 2., 2.],
                 [1., 1., 2., 2.],
                 [3., 3., 4., 4.],
                 [3., 3., 4., 4.]]]], dtype=float32)
    """
    return Unpooling2D(ksize, stride, pad, outsize, cover_all).apply((x,))[0]
