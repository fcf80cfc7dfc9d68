"""M-SVAG (mean-variance-adapted SGD with momentum)."""

import math

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.1, beta=0.9, eta=1.0,
                                                 weight_decay_rate=0)


def _update_cpu(p, grad, m, v, s, mt2, mt, one_minus_beta, bias_correction, rho_ratio, step_scale,
                decay):
    numpy.subtract(grad, m, out=s)
    s *= one_minus_beta
    m += s
    numpy.multiply(grad, grad, out=s)
    s -= v
    s *= one_minus_beta
    v += s
    numpy.divide(v, bias_correction, out=s)    # vt (a division, as v7: rounding-sensitive)
    numpy.divide(m, bias_correction, out=mt)   # mt
    numpy.multiply(mt, mt, out=mt2)            # mt ** 2
    s -= mt2
    numpy.maximum(s, 0, out=s)                 # variance estimate, rounding noise clipped
    s *= rho_ratio                             # rho * (vt - mt2) / (1 - rho)
    s += mt2                                   # denominator
    numpy.divide(mt2, s, out=mt2, where=s != 0)  # factor (0 where mt == 0)
    mt2 *= mt
    mt2 *= step_scale
    if decay != 1.0:
        p *= decay
    p -= mt2


def _rho(beta, t):
    # Variance-reduction factor of the bias-corrected moving average at step t.
    rho = ((1.0 - beta) ** 2 * (1.0 - beta ** (2 * t))
           / ((1.0 - beta ** t) ** 2 * (1.0 - beta ** 2)))
    return min(rho, 0.9999)


class MSVAGRule(_rule_base.ElementwiseRule):
    """Update rule of M-SVAG (Balles & Hennig, arXiv:1705.07774).

    With bias-corrected moving averages ``mt`` of the gradient and ``vt`` of its square,
    ``s = max(vt - mt ** 2, 0) / (1 - rho)`` and ``factor = mt ** 2 / (mt ** 2 + rho * s)``,
    ``param -= eta * (lr * factor * mt + weight_decay_rate * param)``, where
    ``rho = min(0.9999,
    (1 - beta) ** 2 * (1 - beta ** (2t)) / ((1 - beta ** t) ** 2 * (1 - beta ** 2)))``.
    States: ``m``, ``v``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        beta (float): Exponential decay rate of the first and second order moments.
        eta (float): Schedule multiplier.
        weight_decay_rate (float): Weight decay rate.
    """

    _state_names = ('m', 'v')
    _n_scratch = 3
    _update_cpu = staticmethod(_update_cpu)
    _gpu_kernel_spec = (
        'T grad, T lr, T one_minus_beta, T bias_correction, T rho, T eta, T weight_decay_rate',
        'T param, T m, T v',
        '''m += one_minus_beta * (grad - m);
           v += one_minus_beta * (grad * grad - v);
           T mt = m / bias_correction;
           T mt2 = mt * mt;
           T denom = mt2 + rho * max(v / bias_correction - mt2, (T)0) / (1 - rho);
           T factor = denom != 0 ? mt2 / denom : (T)0;
           param -= eta * (lr * factor * mt + weight_decay_rate * param);''',
        'msvag')

    def __init__(self, parent_hyperparam=None, lr=None, beta=None, eta=None,
                 weight_decay_rate=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, beta=beta, eta=eta,
                         weight_decay_rate=weight_decay_rate)

    def _cpu_args(self, hp, dtype):
        beta, eta = hp['beta'], hp['eta']
        t = self.t
        rho = _rho(beta, t)
        return (1.0 - beta, 1.0 - math.pow(beta, t), rho / (1.0 - rho), eta * hp['lr'],
                1.0 - eta * hp['weight_decay_rate'])

    def _gpu_args(self, hp):
        t = self.t
        return (hp.lr, 1 - hp.beta, 1.0 - math.pow(hp.beta, t), _rho(hp.beta, t),
                hp.eta, hp.weight_decay_rate)


class MSVAG(_rule_base.ElementwiseMethod):
    """M-SVAG optimizer (arXiv:1705.07774).

    Args:
        lr (float): Learning rate.
        beta (float): Exponential decay rate of the first and second order moments.
        eta (float): Schedule multiplier.
        weight_decay_rate (float): Weight decay rate.
    """

    _rule_class = MSVAGRule

    def __init__(self, lr=_default_hyperparam.lr, beta=_default_hyperparam.beta,
                 eta=_default_hyperparam.eta,
                 weight_decay_rate=_default_hyperparam.weight_decay_rate):
        super().__init__(lr=lr, beta=beta, eta=eta, weight_decay_rate=weight_decay_rate)

    lr = optimizer.HyperparameterProxy('lr')
    beta = optimizer.HyperparameterProxy('beta')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')
