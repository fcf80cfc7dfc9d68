"""Spatial pyramid pooling (``spatial_pyramid_pooling_2d``)."""
import math

from chainer.functions.pooling import max_pooling_nd


def spatial_pyramid_pooling_2d(x, pyramid_height, pooling=None):
    """Spatial pyramid pooling function.

    Level ``l`` (``0 <= l < pyramid_height``) max-pools ``x`` into ``2^l x 2^l`` bins with
    window ``ceil(size / 2^l)`` and padding ``(window * 2^l - size) // 2`` on each axis; the
    flattened levels are concatenated.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c, h, w)``.
        pyramid_height (int): Number of pyramid levels.
        pooling (str): Pooling operation; only ``'max'`` is supported (it must be given, as
            in v7).

    Returns:
        ~chainer.Variable: Output of shape ``(n, c * sum_l 4^l, 1, 1)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> y = F.spatial_pyramid_pooling_2d(x, 2, pooling='max')  # 1 x 1 and 2 x 2 bins
        >>> y.shape  # (batch, channels * (1 + 4), 1, 1)
        (1, 5, 1, 1)
        >>> y.array.ravel()
        array([15.,  5.,  7., 13., 15.], dtype=float32)
    """
    if pooling != 'max':
        raise ValueError('Unsupported pooling operation: ', pooling)

    import chainer.functions as F
    bottom_h, bottom_w = x.shape[2:]
    ys = []
    for level in range(pyramid_height):
        num_bins = 2 ** level
        ksize_h = int(math.ceil(bottom_h / float(num_bins)))
        pad_h = (ksize_h * num_bins - bottom_h) // 2
        ksize_w = int(math.ceil(bottom_w / float(num_bins)))
        pad_w = (ksize_w * num_bins - bottom_w) // 2
        y = max_pooling_nd.max_pooling_2d(
            x, ksize=(ksize_h, ksize_w), stride=None, pad=(pad_h, pad_w), cover_all=True)
        n, c, h, w = y.shape
        ys.append(F.reshape(y, (n, c * h * w, 1, 1)))
    return F.concat(ys)
