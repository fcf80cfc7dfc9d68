"""Base class of the 2-D pooling function nodes."""
from chainer.functions._helpers import convolution as _conv
from chainer.functions.pooling import pooling_nd


class Pooling2D(_conv.Params2D, pooling_nd._PoolingND):
    """Base of 2-D pooling nodes (exposes ``kh``, ``kw``, ``sy``, ``sx``, ``ph``, ``pw``)."""

    def __init__(self, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        pooling_nd._PoolingND.__init__(
            self, 2, ksize, stride, pad, cover_all, return_indices)
