"""AdaGrad."""

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.001, eps=1e-8)


def _update_cpu(p, g, h, s, s2, lr, eps):
    # (the operations of v7 in its order, for the same rounding)
    numpy.multiply(g, g, out=s)
    h += s
    numpy.sqrt(h, out=s2)
    s2 += eps
    numpy.multiply(g, lr, out=s)
    s /= s2
    p -= s


class AdaGradRule(_rule_base.ElementwiseRule):
    """Update rule of AdaGrad (Duchi et al., JMLR 2011).

    ``h += grad ** 2; param -= lr * grad / (sqrt(h) + eps)``. State: ``h``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    _state_names = ('h',)
    _hyperparam_names = ('lr', 'eps')
    _n_scratch = 2
    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = ('T grad, T lr, T eps', 'T param, T h',
                        'h += grad * grad; param -= lr * grad / (sqrt(h) + eps);', 'adagrad')

    def __init__(self, parent_hyperparam=None, lr=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, eps=eps)


class AdaGrad(_rule_base.ElementwiseMethod):
    """AdaGrad optimizer.

    Args:
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    _rule_class = AdaGradRule

    def __init__(self, lr=_default_hyperparam.lr, eps=_default_hyperparam.eps):
        super().__init__(lr=lr, eps=eps)

    lr = optimizer.HyperparameterProxy('lr')
    eps = optimizer.HyperparameterProxy('eps')
