"""Shared bases of the momentum SGD family (MomentumSGD, CorrectedMomentumSGD, NesterovAG)."""

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.01, momentum=0.9)


class MomentumRule(_rule_base.ElementwiseRule):
    """Base of the update rules with a velocity state ``v``, ``lr`` and ``momentum``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _state_names = ('v',)
    _hyperparam_names = ('lr', 'momentum')

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, momentum=momentum)


class MomentumMethod(_rule_base.ElementwiseMethod):
    """Base of the optimizers of the momentum SGD family.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    def __init__(self, lr=_default_hyperparam.lr, momentum=_default_hyperparam.momentum):
        super().__init__(lr=lr, momentum=momentum)

    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')
