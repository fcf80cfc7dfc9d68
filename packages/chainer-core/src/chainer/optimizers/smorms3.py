"""SMORMS3."""

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.001, eps=1e-16)


def _update_cpu(p, grad, mem, g, g2, r, s, x, lr, eps):
    # (the operations of v7 in its order, for the same rounding and range in float16)
    numpy.add(mem, 1, out=r)
    numpy.divide(1, r, out=r)
    numpy.subtract(1, r, out=s)
    g *= s
    g2 *= s
    numpy.multiply(r, grad, out=x)
    g += x
    x *= grad
    g2 += x
    numpy.multiply(g, g, out=x)
    numpy.add(g2, eps, out=s)
    x /= s
    numpy.minimum(x, lr, out=r)
    r *= grad
    numpy.sqrt(g2, out=s)
    s += eps
    r /= s
    p -= r
    numpy.subtract(1, x, out=x)
    mem *= x
    mem += 1


class SMORMS3Rule(_rule_base.ElementwiseRule):
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

    _state_names = ('mem', 'g', 'g2')
    _hyperparam_names = ('lr', 'eps')
    _n_scratch = 3
    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = (
        'T grad, T lr, T eps', 'T param, T mem, T g, T g2',
        '''T r = 1 / (mem + 1);
           g = (1 - r) * g + r * grad;
           g2 = (1 - r) * g2 + r * grad * grad;
           T x = g * g / (g2 + eps);
           param -= grad * min(lr, x) / (sqrt(g2) + eps);
           mem = 1 + mem * (1 - x);''',
        'smorms3')

    def __init__(self, parent_hyperparam=None, lr=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, eps=eps)

    def init_state(self, param):
        """Initializes ``mem`` with ones and ``g``, ``g2`` with zeros."""
        super().init_state(param)
        self.state['mem'].fill(1)


class SMORMS3(_rule_base.ElementwiseMethod):
    """Simon Funk's SMORMS3.

    Args:
        lr (float): Learning rate.
        eps (float): Small value for numerical stability.
    """

    _rule_class = SMORMS3Rule

    def __init__(self, lr=_default_hyperparam.lr, eps=_default_hyperparam.eps):
        super().__init__(lr=lr, eps=eps)

    lr = optimizer.HyperparameterProxy('lr')
    eps = optimizer.HyperparameterProxy('eps')
