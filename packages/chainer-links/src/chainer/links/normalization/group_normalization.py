"""Group normalization layer (``GroupNormalization``)."""
import numpy

import chainer
from chainer.functions.normalization import group_normalization
from chainer import link
from chainer.links import _parameters


class GroupNormalization(link.Link):
    """Group normalization layer: each sample is normalized over groups of channels (wraps
    :func:`~chainer.functions.group_normalization`).

    Args:
        groups (int): Number of channel groups (it must divide the number of channels).
        size (int or None): Number of channels (``None``: decided at the first call).
        eps (float): Epsilon added to the variance.
        initial_gamma: Initializer of the per-channel scale ``gamma`` (1 by default).
        initial_beta: Initializer of the per-channel shift ``beta`` (0 by default).

    Both initializers take ``chainer.config.dtype`` (at construction) as their dtype, float32
    under ``mixed16``.

    Attributes:
        gamma (~chainer.Parameter): ``(size,)`` scale.
        beta (~chainer.Parameter): ``(size,)`` shift.
        groups (int): Number of groups.
        eps (float): Epsilon of the variance.
    """

    def __init__(self, groups, size=None, eps=1e-5, initial_gamma=None, initial_beta=None):
        super().__init__()
        self.groups = groups
        with self.init_scope():
            # As v7: the initializers take chainer.config.dtype of the construction (a lazy
            # layer built under float16 creates float16 parameters at its first call), float32
            # under mixed16.
            self.gamma, self.beta = _parameters.scale_and_shift(
                initial_gamma, initial_beta, size,
                dtype=chainer.get_dtype(map_mixed16=numpy.float32))
        self.eps = eps

    def forward(self, x):
        """Normalizes ``x`` of shape ``(batch, channels, ...)``."""
        if self.gamma.array is None:
            if x.ndim < 2:
                raise ValueError(
                    'GroupNormalization: the input needs a batch and a channel axis, got '
                    'shape {}'.format(x.shape))
            self.gamma.initialize(x.shape[1])
            self.beta.initialize(x.shape[1])
        return group_normalization.group_normalization(
            x, self.groups, self.gamma, self.beta, self.eps)
