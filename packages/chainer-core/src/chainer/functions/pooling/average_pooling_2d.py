"""Two-dimensional average pooling (``average_pooling_2d``)."""
from chainer.functions.pooling import average_pooling_nd
from chainer.functions.pooling import pooling_2d


class AveragePooling2D(average_pooling_nd.AveragePoolingND, pooling_2d.Pooling2D):
    """2-D average pooling node (zero padding counted in the window size)."""

    _rejects_empty_input = False  # (as v7: unlike the N-D node, an empty input is accepted)

    def __init__(self, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        # as v7: cover_all and return_indices are accepted and ignored (no cover_all windows)
        average_pooling_nd.AveragePoolingND.__init__(
            self, 2, ksize, stride, pad, False, 0)

    def backward(self, indexes, gy):
        return AveragePooling2DGrad(self).apply(gy)


class AveragePooling2DGrad(average_pooling_nd.AveragePoolingNDGrad):
    """Gradient of :class:`AveragePooling2D` (input: ``gy``)."""


def average_pooling_2d(x, ksize, stride=None, pad=0):
    """Spatial average pooling function over 2-D windows.

    Every window sum is divided by ``k_H * k_W`` (zero padding included).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        ksize (int or pair of ints): Size of the pooling window.
        stride (int, pair of ints or None): Stride; ``None`` means ``ksize``.
        pad (int or pair of ints): Spatial zero padding.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> y = F.average_pooling_2d(x, ksize=2)  # stride defaults to ksize
        >>> y.array
        array([[[[ 2.5,  4.5],
                 [10.5, 12.5]]]], dtype=float32)
        >>> F.average_pooling_2d(x, ksize=3, stride=1, pad=1).shape
        (1, 1, 4, 4)
    """
    return AveragePooling2D(ksize, stride, pad, False).apply((x,))[0]
