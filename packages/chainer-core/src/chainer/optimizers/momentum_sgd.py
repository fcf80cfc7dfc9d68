"""Momentum SGD."""

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.momentum = 0.9


def _update_cpu(p, g, v, s, lr, momentum):
    v *= momentum
    numpy.multiply(g, lr, out=s)
    v -= s
    p += v


class MomentumSGDRule(optimizer.UpdateRule):
    """Update rule of the classical momentum SGD.

    ``v = momentum * v - lr * grad; param += v``. State: ``v``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    is_elementwise = True
    _kernel = None

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if momentum is not None:
            self.hyperparam.momentum = momentum

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['v'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        p = param.array
        _cpu_update(_update_cpu, (p, grad, self._state['v']), _interm_dtype(p.dtype), 1,
                    hp['lr'], hp['momentum'])

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if MomentumSGDRule._kernel is None:
            from chainer.backends import cuda
            MomentumSGDRule._kernel = cuda.elementwise(
                'T grad, T lr, T momentum', 'T param, T v',
                'v = momentum * v - lr * grad; param += v;', 'momentum_sgd')
        hp = self.hyperparam
        MomentumSGDRule._kernel(grad, hp.lr, hp.momentum, param.array, self.state['v'])


class MomentumSGD(optimizer.GradientMethod):
    """Momentum SGD.

    Args:
        lr (float): Learning rate.
        momentum (float): Exponential decay rate of the first order moment.
    """

    def __init__(self, lr=_default_hyperparam.lr, momentum=_default_hyperparam.momentum):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum

    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')

    def create_update_rule(self):
        """Creates a :class:`MomentumSGDRule` sharing this optimizer's hyperparameters."""
        return MomentumSGDRule(self.hyperparam)
