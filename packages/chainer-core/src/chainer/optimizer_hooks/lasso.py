"""Lasso optimizer hook (L1 regularization)."""

import numpy

from chainer.optimizer_hooks import _regularizer


class Lasso(_regularizer.Regularizer):
    """Optimizer hook that adds ``rate * sign(param)`` to each gradient (L1 regularization).

    Unlike :class:`WeightDecay`, the rate is not multiplied by the loss scale (as in v7).

    Args:
        rate (float): Coefficient of the L1 term.

    Attributes:
        rate (float): Coefficient of the L1 term.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'Lasso'
    _follows_loss_scale = False

    def _add_cpu(self, p, g, rate):
        sign = numpy.sign(p)
        sign *= rate
        g += sign

    def _add_gpu(self, p, g, rate):
        from chainer.backends import cuda
        cuda.elementwise(
            'T s, T decay', 'T g', 'g += decay * s', 'lasso')(cuda.cupy.sign(p), rate, g)
