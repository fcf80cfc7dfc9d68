"""Stochastic gradient descent."""

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.01)


def _update_cpu(p, g, s, lr):
    numpy.multiply(g, lr, out=s)
    p -= s


class SGDRule(_rule_base.ElementwiseRule):
    """Update rule of vanilla SGD: ``param -= lr * grad``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
    """

    _hyperparam_names = ('lr',)
    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = ('T grad, T lr', 'T param', 'param -= lr * grad', 'sgd')

    def __init__(self, parent_hyperparam=None, lr=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr)


class SGD(_rule_base.ElementwiseMethod):
    """Vanilla stochastic gradient descent.

    Args:
        lr (float): Learning rate.
    """

    _rule_class = SGDRule

    def __init__(self, lr=_default_hyperparam.lr):
        super().__init__(lr=lr)

    lr = optimizer.HyperparameterProxy('lr')
