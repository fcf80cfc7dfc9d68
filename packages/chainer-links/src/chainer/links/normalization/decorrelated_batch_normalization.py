"""Decorrelated batch normalization layer (``DecorrelatedBatchNormalization``)."""
import warnings

import numpy

from chainer import backend
from chainer import configuration
from chainer import functions
from chainer import link
from chainer.links.normalization import _running_statistics
from chainer import serializer as serializer_module
from chainer.utils import argument

_OLD_STATISTICS_MSG = ('Found moving statistics of old DecorrelatedBatchNormalization, whose '
                       'algorithm was different from the paper.')


def _tile_old(statistic, ndim, groups):
    # A statistic of the older layout (shared by the groups, one axis fewer) repeated for
    # each group; a statistic of the current layout is returned as is.
    if statistic.ndim == ndim:
        return statistic
    warnings.warn(_OLD_STATISTICS_MSG)
    xp = backend.get_array_module(statistic)
    return xp.tile(statistic, (groups,) + (1,) * statistic.ndim)


def fix_avg_mean(avg_mean, groups):
    """Converts a running mean of the older layout ``(c // groups,)`` to ``(groups,
    c // groups)`` (warning about it); a mean of the current layout is returned as is."""
    return _tile_old(avg_mean, 2, groups)


def fix_avg_projection(avg_projection, groups):
    """Converts a running projection of the older layout ``(c // groups, c // groups)`` to
    ``(groups, c // groups, c // groups)`` (warning about it); a projection of the current
    layout is returned as is."""
    return _tile_old(avg_projection, 3, groups)


class DecorrelatedBatchNormalization(_running_statistics.RunningStatistics, link.Link):
    """Decorrelated batch normalization layer.

    The channels are split into ``groups`` groups and each group is whitened (ZCA) with the
    covariance of the batch in training, or with the running statistics in test mode.

    Args:
        size (int): Number of channels.
        groups (int): Number of channel groups.
        decay (float): Decay rate of the running statistics.
        eps (float): Epsilon added to the diagonal of the covariance.
        dtype: Data type of the running statistics.

    Attributes:
        avg_mean (:ref:`ndarray`): ``(groups, size // groups)`` running mean (persistent).
        avg_projection (:ref:`ndarray`): ``(groups, size // groups, size // groups)``
            running whitening matrices (persistent).
        N (int): Number of batches seen in fine-tuning mode (persistent).
    """

    def __init__(self, size, groups=16, decay=0.9, eps=2e-5, dtype=numpy.float32):
        super().__init__()
        channels = size // groups
        self.avg_mean = numpy.zeros((groups, channels), dtype=dtype)
        self.register_persistent('avg_mean')
        self.avg_projection = numpy.broadcast_to(
            numpy.eye(channels, dtype=dtype), (groups, channels, channels)).copy()
        self.register_persistent('avg_projection')
        self.N = 0
        self.register_persistent('N')
        self.decay = decay
        self.eps = eps
        self.groups = groups

    def serialize(self, serializer):
        """Saves or loads the statistics; statistics of the older layout are converted."""
        if not isinstance(serializer, serializer_module.Deserializer):
            super().serialize(serializer)
            return
        targets = {'avg_mean': (self.avg_mean, fix_avg_mean),
                   'avg_projection': (self.avg_projection, fix_avg_projection)}
        # read the stored statistics as they are, whatever their layout
        self.avg_mean = self.avg_projection = None
        try:
            super().serialize(serializer)
        finally:
            for name, (current, fix) in targets.items():
                loaded = getattr(self, name)
                setattr(self, name, current)
                if loaded is not None:
                    self._store(name, current, fix(loaded, self.groups))

    def _store(self, name, current, loaded):
        if loaded.shape != current.shape:
            raise ValueError('shape mismatch at {!r}: stored {}, expected {}'.format(
                name, loaded.shape, current.shape))
        backend.copyto(current, loaded.astype(current.dtype, copy=False))

    def forward(self, x, **kwargs):
        """Whitens ``x`` (batch statistics in training, running statistics in test mode).

        Args:
            x (~chainer.Variable or array): Input of shape ``(batch, size, ...)``.
            finetune (bool): Whether to accumulate population statistics (training mode
                only; keyword only).
        """
        finetune, = argument.parse_kwargs(kwargs, ('finetune', False))
        if configuration.config.train:
            decay = self._training_decay(finetune)
            # through the chainer.functions namespace, as v7 (a test may patch it there)
            return functions.decorrelated_batch_normalization(
                x, groups=self.groups, eps=self.eps, running_mean=self.avg_mean,
                running_projection=self.avg_projection, decay=decay)
        return functions.fixed_decorrelated_batch_normalization(
            x, self.avg_mean, self.avg_projection, groups=self.groups)
