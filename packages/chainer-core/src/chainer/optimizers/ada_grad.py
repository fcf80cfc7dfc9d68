"""AdaGrad."""

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.001
_default_hyperparam.eps = 1e-8


def _update_cpu(p, g, h, s, lr, eps):
    numpy.multiply(g, g, out=s)
    h += s
    numpy.sqrt(h, out=s)
    s += eps
    numpy.divide(g, s, out=s)
    s *= lr
    p -= s


class AdaGradRule(optimizer.UpdateRule):
    """Update rule of AdaGrad (Duchi et al., JMLR 2011).

    ``h += grad ** 2; param -= lr * grad / (sqrt(h) + eps)``. State: ``h``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    is_elementwise = True
    _kernel = None

    def __init__(self, parent_hyperparam=None, lr=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if eps is not None:
            self.hyperparam.eps = eps

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['h'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        p = param.array
        _cpu_update(_update_cpu, (p, grad, self._state['h']), _interm_dtype(p.dtype), 1,
                    hp['lr'], hp['eps'])

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if AdaGradRule._kernel is None:
            from chainer.backends import cuda
            AdaGradRule._kernel = cuda.elementwise(
                'T grad, T lr, T eps', 'T param, T h',
                'h += grad * grad; param -= lr * grad / (sqrt(h) + eps);', 'adagrad')
        hp = self.hyperparam
        AdaGradRule._kernel(grad, hp.lr, hp.eps, param.array, self.state['h'])


class AdaGrad(optimizer.GradientMethod):
    """AdaGrad optimizer.

    Args:
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    def __init__(self, lr=_default_hyperparam.lr, eps=_default_hyperparam.eps):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.eps = eps

    lr = optimizer.HyperparameterProxy('lr')
    eps = optimizer.HyperparameterProxy('eps')

    def create_update_rule(self):
        """Creates an :class:`AdaGradRule` sharing this optimizer's hyperparameters."""
        return AdaGradRule(self.hyperparam)
