"""Momentum SGD."""

import numpy

from chainer.optimizers import _momentum

_default_hyperparam = _momentum._default_hyperparam  # v7 module attribute


def _update_cpu(p, g, v, s, lr, momentum):
    v *= momentum
    numpy.multiply(g, lr, out=s)
    v -= s
    p += v


class MomentumSGDRule(_momentum.MomentumRule):
    """Update rule of the classical momentum SGD.

    ``v = momentum * v - lr * grad; param += v``. State: ``v``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = ('T grad, T lr, T momentum', 'T param, T v',
                        'v = momentum * v - lr * grad; param += v;', 'momentum_sgd')


class MomentumSGD(_momentum.MomentumMethod):
    """Momentum SGD.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _rule_class = MomentumSGDRule
