"""M-SVAG (mean-variance-adapted SGD with momentum)."""

import math

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.1, beta=0.9, eta=1.0,
                                                 weight_decay_rate=0)


def _update_cpu(p, grad, m, v, s, mt2, mt, one_minus_beta, bias_correction, one_minus_rho, rho,
                lr, eta, weight_decay_rate):
    # (the operations of v7 in its order, for the same rounding)
    numpy.subtract(grad, m, out=s)
    s *= one_minus_beta
    m += s
    numpy.multiply(grad, grad, out=s)
    s -= v
    s *= one_minus_beta
    v += s
    numpy.divide(m, bias_correction, out=mt)   # mt
    numpy.divide(v, bias_correction, out=s)    # vt
    numpy.multiply(mt, mt, out=mt2)            # mt ** 2
    s -= mt2
    s /= one_minus_rho                         # variance estimate
    s *= rho
    s += mt2
    with numpy.errstate(invalid='ignore', divide='ignore'):
        numpy.divide(mt2, s, out=s)            # factor (NaN where mt == 0)
    numpy.fmax(s, 0, out=s)                    # clipped to [0, 1], NaN to 0
    numpy.fmin(s, 1, out=s)
    mt *= lr
    mt *= s
    if weight_decay_rate != 0:
        numpy.multiply(p, weight_decay_rate, out=s)
        mt += s
    if eta != 1:
        mt *= eta
    p -= mt


def _rho(beta, t):
    # Variance-reduction factor of the bias-corrected moving average at step t.
    rho = ((1.0 - beta) ** 2 * (1.0 - beta ** (2 * t))
           / ((1.0 - beta ** t) ** 2 * (1.0 - beta ** 2)))
    return min(rho, 0.9999)


class MSVAGRule(_rule_base.ElementwiseRule):
    """Update rule of M-SVAG (Balles & Hennig, arXiv:1705.07774).

    With bias-corrected moving averages ``mt`` of the gradient and ``vt`` of its square,
    ``s = (vt - mt ** 2) / (1 - rho)`` and ``factor = mt ** 2 / (mt ** 2 + rho * s)`` clipped
    to ``[0, 1]`` (0 where it is undefined),
    ``param -= eta * (lr * mt * factor + weight_decay_rate * param)``, where
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
           T factor = mt2 / (mt2 + rho * (v / bias_correction - mt2) / (1 - rho));
           factor = factor > 0 ? (factor < 1 ? factor : (T)1) : (T)0;
           param -= eta * (lr * mt * factor + weight_decay_rate * param);''',
        'msvag')

    def __init__(self, parent_hyperparam=None, lr=None, beta=None, eta=None,
                 weight_decay_rate=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, beta=beta, eta=eta,
                         weight_decay_rate=weight_decay_rate)

    def _cpu_args(self, hp, dtype):
        beta = hp['beta']
        rho = _rho(beta, self.t)
        return (1.0 - beta, 1.0 - math.pow(beta, self.t), 1.0 - rho, rho, hp['lr'], hp['eta'],
                hp['weight_decay_rate'])

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
