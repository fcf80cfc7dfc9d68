"""AdaDelta."""

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(rho=0.95, eps=1e-6)


def _update_cpu(p, g, msg, msdx, s, s2, rho, eps):
    # (the operations of v7 in its order, for the same rounding)
    msg *= rho
    numpy.multiply(g, 1 - rho, out=s)
    s *= g
    msg += s
    numpy.add(msdx, eps, out=s)
    numpy.add(msg, eps, out=s2)
    s /= s2
    numpy.sqrt(s, out=s)
    s *= g  # dx
    msdx *= rho
    numpy.multiply(s, 1 - rho, out=s2)
    s2 *= s
    msdx += s2
    p -= s


class AdaDeltaRule(_rule_base.ElementwiseRule):
    """Update rule of Zeiler's ADADELTA.

    ``msg = rho * msg + (1 - rho) * grad ** 2;
    dx = sqrt((msdx + eps) / (msg + eps)) * grad;
    msdx = rho * msdx + (1 - rho) * dx ** 2; param -= dx``. States: ``msg``, ``msdx``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        rho (float): Exponential decay rate of the first and second order moments.
        eps (float): Small value for numerical stability.
    """

    _state_names = ('msg', 'msdx')
    _hyperparam_names = ('rho', 'eps')
    _n_scratch = 2
    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = (
        'T grad, T one_minus_rho, T eps', 'T param, T msg, T msdx',
        '''msg = msg + one_minus_rho * (grad * grad - msg);
           T dx = sqrt((msdx + eps) / (msg + eps)) * grad;
           msdx += one_minus_rho * (dx * dx - msdx);
           param -= dx;''',
        'adadelta')

    def __init__(self, parent_hyperparam=None, rho=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam, rho=rho, eps=eps)

    def _gpu_args(self, hp):
        return 1 - hp.rho, hp.eps


class AdaDelta(_rule_base.ElementwiseMethod):
    """Zeiler's ADADELTA (https://arxiv.org/abs/1212.5701).

    Args:
        rho (float): Exponential decay rate of the first and second order moments.
        eps (float): Small value for numerical stability.
    """

    _rule_class = AdaDeltaRule

    def __init__(self, rho=_default_hyperparam.rho, eps=_default_hyperparam.eps):
        super().__init__(rho=rho, eps=eps)

    rho = optimizer.HyperparameterProxy('rho')
    eps = optimizer.HyperparameterProxy('eps')
