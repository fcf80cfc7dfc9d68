"""Momentum SGD with the learning rate applied after the momentum accumulation."""

import numpy

from chainer.optimizers import _momentum

_default_hyperparam = _momentum._default_hyperparam  # v7 module attribute


def _update_cpu(p, g, v, s, lr, momentum):
    v *= momentum
    v -= g
    numpy.multiply(v, lr, out=s)
    p += s


class CorrectedMomentumSGDRule(_momentum.MomentumRule):
    """Update rule of the corrected momentum SGD.

    ``v = momentum * v - grad; param += lr * v``, which keeps the effective step right when
    the learning rate changes during training (https://arxiv.org/abs/1706.02677).
    State: ``v``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = ('T grad, T lr, T momentum', 'T param, T v',
                        'v = momentum * v - grad; param += lr * v;', 'corrected_momentum_sgd')


class CorrectedMomentumSGD(_momentum.MomentumMethod):
    """Momentum SGD with the learning rate multiplied after accumulating the momentum.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _rule_class = CorrectedMomentumSGDRule
