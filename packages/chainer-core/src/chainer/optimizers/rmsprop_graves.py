"""Graves' RMSprop."""

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4)


def _update_cpu(p, grad, n, g, delta, s, s2, lr, alpha, momentum, eps):
    # (the operations of v7 in its order, for the same rounding and range in float16)
    n *= alpha
    numpy.multiply(grad, 1 - alpha, out=s)
    g *= alpha
    g += s
    s *= grad
    n += s
    numpy.multiply(g, g, out=s2)
    numpy.subtract(n, s2, out=s2)
    s2 += eps
    numpy.sqrt(s2, out=s2)
    numpy.multiply(grad, lr, out=s)
    s /= s2
    delta *= momentum
    delta -= s
    p += delta


class RMSpropGravesRule(_rule_base.ElementwiseRule):
    """Update rule of Alex Graves's RMSprop (arXiv:1308.0850).

    ``n = alpha * n + (1 - alpha) * grad ** 2; g = alpha * g + (1 - alpha) * grad;
    delta = momentum * delta - lr * grad / sqrt(n - g ** 2 + eps); param += delta``.
    States: ``n``, ``g``, ``delta``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the first and second order moments of the
            raw gradient.
        momentum (float): Exponential decay rate of the first order moment of the adjusted
            gradient.
        eps (float): Small value for numerical stability.
    """

    _state_names = ('n', 'g', 'delta')
    _hyperparam_names = ('lr', 'alpha', 'momentum', 'eps')
    _n_scratch = 2
    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = (
        'T grad, T lr, T alpha, T momentum, T eps', 'T param, T avg_n, T avg_g, T delta',
        '''avg_n = alpha * avg_n + (1 - alpha) * grad * grad;
           avg_g = alpha * avg_g + (1 - alpha) * grad;
           delta = delta * momentum - lr * grad * rsqrt(avg_n - avg_g * avg_g + eps);
           param += delta;''',
        'rmsprop_graves')

    def __init__(self, parent_hyperparam=None, lr=None, alpha=None, momentum=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, alpha=alpha,
                         momentum=momentum, eps=eps)


class RMSpropGraves(_rule_base.ElementwiseMethod):
    """Alex Graves's RMSprop (arXiv:1308.0850).

    Args:
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the first and second order moments of the
            raw gradient.
        momentum (float): Exponential decay rate of the first order moment of the adjusted
            gradient.
        eps (float): Small value for numerical stability.
    """

    _rule_class = RMSpropGravesRule

    def __init__(self, lr=_default_hyperparam.lr, alpha=_default_hyperparam.alpha,
                 momentum=_default_hyperparam.momentum, eps=_default_hyperparam.eps):
        super().__init__(lr=lr, alpha=alpha, momentum=momentum, eps=eps)

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    momentum = optimizer.HyperparameterProxy('momentum')
    eps = optimizer.HyperparameterProxy('eps')
