"""WeightDecay optimizer hook (L2 regularization)."""

from chainer.optimizer_hooks import _regularizer


class WeightDecay(_regularizer.Regularizer):
    """Optimizer hook that adds ``rate * param`` to each gradient (L2 regularization).

    The rate is multiplied by the loss scale under loss scaling (at either timing, as v7).

    Args:
        rate (float): Coefficient of the weight decay.

    Attributes:
        rate (float): Coefficient of the weight decay.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'WeightDecay'

    def _add_cpu(self, p, g, rate):
        if rate != 0:
            g += rate * p

    def _add_gpu(self, p, g, rate):
        from chainer.backends import cuda
        cuda.elementwise(
            'T p, T decay', 'T g', 'g += decay * p', 'weight_decay')(p, rate, g)
