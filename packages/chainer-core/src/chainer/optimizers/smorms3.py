"""SMORMS3."""

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.001
_default_hyperparam.eps = 1e-16


def _update_cpu(p, grad, mem, g, g2, r, s, x, lr, eps):
    numpy.add(mem, 1, out=r)
    numpy.reciprocal(r, out=r)
    numpy.subtract(grad, g, out=s)
    s *= r
    g += s
    numpy.multiply(grad, grad, out=s)
    s -= g2
    s *= r
    g2 += s
    numpy.multiply(g, g, out=x)
    numpy.add(g2, eps, out=s)
    x /= s
    numpy.sqrt(g2, out=s)
    s += eps
    numpy.minimum(x, lr, out=r)
    r *= grad
    r /= s
    p -= r
    numpy.subtract(1, x, out=x)
    mem *= x
    mem += 1


class SMORMS3Rule(optimizer.UpdateRule):
    """Update rule of Simon Funk's SMORMS3.

    ``r = 1 / (mem + 1); g = (1 - r) * g + r * grad; g2 = (1 - r) * g2 + r * grad ** 2;
    x = g ** 2 / (g2 + eps);
    param -= grad * min(x, lr) / (sqrt(g2) + eps); mem = 1 + mem * (1 - x)``.
    States: ``mem`` (starts at one), ``g``, ``g2``.

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
        self.state['mem'] = xp.ones_like(param.array)
        self.state['g'] = xp.zeros_like(param.array)
        self.state['g2'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        p = param.array
        state = self._state
        _cpu_update(_update_cpu, (p, grad, state['mem'], state['g'], state['g2']),
                    _interm_dtype(p.dtype), 3, hp['lr'], hp['eps'])

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if SMORMS3Rule._kernel is None:
            from chainer.backends import cuda
            SMORMS3Rule._kernel = cuda.elementwise(
                'T grad, T lr, T eps', 'T param, T mem, T g, T g2',
                '''T r = 1 / (mem + 1);
                   g = (1 - r) * g + r * grad;
                   g2 = (1 - r) * g2 + r * grad * grad;
                   T x = g * g / (g2 + eps);
                   param -= grad * min(lr, x) / (sqrt(g2) + eps);
                   mem = 1 + mem * (1 - x);''',
                'smorms3')
        hp = self.hyperparam
        SMORMS3Rule._kernel(
            grad, hp.lr, hp.eps, param.array,
            self.state['mem'], self.state['g'], self.state['g2'])


class SMORMS3(optimizer.GradientMethod):
    """Simon Funk's SMORMS3.

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
        """Creates an :class:`SMORMS3Rule` sharing this optimizer's hyperparameters."""
        return SMORMS3Rule(self.hyperparam)
