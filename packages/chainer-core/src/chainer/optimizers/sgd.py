"""Stochastic gradient descent."""

import numpy

from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01


def _update_cpu(p, g, s, lr):
    numpy.multiply(g, lr, out=s)
    p -= s


class SGDRule(optimizer.UpdateRule):
    """Update rule of vanilla SGD: ``param -= lr * grad``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
    """

    is_elementwise = True
    _kernel = None

    def __init__(self, parent_hyperparam=None, lr=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        p = param.array
        _cpu_update(_update_cpu, (p, grad), _interm_dtype(p.dtype), 1,
                    self.hyperparam._flat()['lr'])

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if SGDRule._kernel is None:
            from chainer.backends import cuda
            SGDRule._kernel = cuda.elementwise(
                'T grad, T lr', 'T param', 'param -= lr * grad', 'sgd')
        SGDRule._kernel(grad, self.hyperparam.lr, param.array)


class SGD(optimizer.GradientMethod):
    """Vanilla stochastic gradient descent.

    Args:
        lr (float): Learning rate.
    """

    def __init__(self, lr=_default_hyperparam.lr):
        super().__init__()
        self.hyperparam.lr = lr

    lr = optimizer.HyperparameterProxy('lr')

    def create_update_rule(self):
        """Creates an :class:`SGDRule` sharing this optimizer's hyperparameters."""
        return SGDRule(self.hyperparam)
