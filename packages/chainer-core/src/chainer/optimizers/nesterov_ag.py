"""Nesterov's accelerated gradient."""

import numpy

from chainer.optimizers import _momentum

_default_hyperparam = _momentum._default_hyperparam  # v7 module attribute


def _update_cpu(p, g, v, s, lr, momentum):
    # (the operations of v7 in its order, for the same rounding)
    v *= momentum
    numpy.multiply(g, lr, out=s)
    v -= s
    numpy.multiply(v, momentum * momentum, out=s)
    p += s
    numpy.multiply(g, (1 + momentum) * lr, out=s)
    p -= s


class NesterovAGRule(_momentum.MomentumRule):
    """Update rule of Nesterov's accelerated gradient (formulation of arXiv:1212.0901).

    ``v = momentum * v - lr * grad;
    param += momentum ** 2 * v - (1 + momentum) * lr * grad``. State: ``v``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = (
        'T grad, T lr, T momentum', 'T param, T v',
        '''v = v * momentum - lr * grad;
           param += momentum * momentum * v - (1 + momentum) * lr * grad;''',
        'nesterov_ag')


class NesterovAG(_momentum.MomentumMethod):
    """Nesterov's accelerated gradient.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    _rule_class = NesterovAGRule
