"""Graves' RMSprop."""

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 1e-4
_default_hyperparam.alpha = 0.95
_default_hyperparam.momentum = 0.9
_default_hyperparam.eps = 1e-4


def _update_cpu(p, grad, n, g, delta, s, lr, alpha, momentum, eps):
    n *= alpha
    numpy.multiply(grad, grad, out=s)
    s *= 1 - alpha
    n += s
    g *= alpha
    numpy.multiply(grad, 1 - alpha, out=s)
    g += s
    numpy.multiply(g, g, out=s)
    numpy.subtract(n, s, out=s)
    s += eps
    numpy.sqrt(s, out=s)
    numpy.divide(grad, s, out=s)
    s *= lr
    delta *= momentum
    delta -= s
    p += delta


class RMSpropGravesRule(optimizer.UpdateRule):
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

    is_elementwise = True
    _kernel = None

    def __init__(self, parent_hyperparam=None, lr=None, alpha=None, momentum=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if alpha is not None:
            self.hyperparam.alpha = alpha
        if momentum is not None:
            self.hyperparam.momentum = momentum
        if eps is not None:
            self.hyperparam.eps = eps

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['n'] = xp.zeros_like(param.array)
        self.state['g'] = xp.zeros_like(param.array)
        self.state['delta'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        p = param.array
        state = self._state
        _cpu_update(_update_cpu, (p, grad, state['n'], state['g'], state['delta']),
                    _interm_dtype(p.dtype), 1, hp['lr'], hp['alpha'], hp['momentum'],
                    hp['eps'])

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if RMSpropGravesRule._kernel is None:
            from chainer.backends import cuda
            RMSpropGravesRule._kernel = cuda.elementwise(
                'T grad, T lr, T alpha, T momentum, T eps', 'T param, T avg_n, T avg_g, T delta',
                '''avg_n = alpha * avg_n + (1 - alpha) * grad * grad;
                   avg_g = alpha * avg_g + (1 - alpha) * grad;
                   delta = delta * momentum - lr * grad * rsqrt(avg_n - avg_g * avg_g + eps);
                   param += delta;''',
                'rmsprop_graves')
        hp = self.hyperparam
        RMSpropGravesRule._kernel(
            grad, hp.lr, hp.alpha, hp.momentum, hp.eps, param.array,
            self.state['n'], self.state['g'], self.state['delta'])


class RMSpropGraves(optimizer.GradientMethod):
    """Alex Graves's RMSprop (arXiv:1308.0850).

    Args:
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the first and second order moments of the
            raw gradient.
        momentum (float): Exponential decay rate of the first order moment of the adjusted
            gradient.
        eps (float): Small value for numerical stability.
    """

    def __init__(self, lr=_default_hyperparam.lr, alpha=_default_hyperparam.alpha,
                 momentum=_default_hyperparam.momentum, eps=_default_hyperparam.eps):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.alpha = alpha
        self.hyperparam.momentum = momentum
        self.hyperparam.eps = eps

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    momentum = optimizer.HyperparameterProxy('momentum')
    eps = optimizer.HyperparameterProxy('eps')

    def create_update_rule(self):
        """Creates an :class:`RMSpropGravesRule` sharing this optimizer's hyperparameters."""
        return RMSpropGravesRule(self.hyperparam)
