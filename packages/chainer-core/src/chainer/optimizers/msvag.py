"""M-SVAG (mean-variance-adapted SGD with momentum)."""

import math

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.1
_default_hyperparam.beta = 0.999
_default_hyperparam.eta = 1.0
_default_hyperparam.weight_decay_rate = 0


def _update_cpu(p, grad, m, v, s, mt2, mt, one_minus_beta, inv_bc, rho_ratio, step_scale,
                decay):
    numpy.subtract(grad, m, out=s)
    s *= one_minus_beta
    m += s
    numpy.multiply(grad, grad, out=s)
    s -= v
    s *= one_minus_beta
    v += s
    numpy.multiply(v, inv_bc, out=s)           # vt
    numpy.multiply(m, inv_bc, out=mt)          # mt
    numpy.multiply(mt, mt, out=mt2)            # mt ** 2
    s -= mt2
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


class MSVAGRule(optimizer.UpdateRule):
    """Update rule of M-SVAG (Balles & Hennig, arXiv:1705.07774).

    With bias-corrected moving averages ``mt`` of the gradient and ``vt`` of its square,
    ``s = (vt - mt ** 2) / (1 - rho)`` and ``factor = mt ** 2 / (mt ** 2 + rho * s)``,
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

    is_elementwise = True
    _kernel = None

    def __init__(self, parent_hyperparam=None, lr=None, beta=None, eta=None,
                 weight_decay_rate=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if beta is not None:
            self.hyperparam.beta = beta
        if eta is not None:
            self.hyperparam.eta = eta
        if weight_decay_rate is not None:
            self.hyperparam.weight_decay_rate = weight_decay_rate

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['m'] = xp.zeros_like(param.array)
        self.state['v'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        beta, eta, wd = hp['beta'], hp['eta'], hp['weight_decay_rate']
        t = self.t
        rho = _rho(beta, t)
        inv_bc = 1.0 / (1.0 - math.pow(beta, t))
        p = param.array
        state = self._state
        _cpu_update(_update_cpu, (p, grad, state['m'], state['v']), _interm_dtype(p.dtype), 3,
                    1.0 - beta, inv_bc, rho / (1.0 - rho), eta * hp['lr'], 1.0 - eta * wd)

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if MSVAGRule._kernel is None:
            from chainer.backends import cuda
            MSVAGRule._kernel = cuda.elementwise(
                'T grad, T lr, T one_minus_beta, T inv_bc, T rho, T eta, T weight_decay_rate',
                'T param, T m, T v',
                '''m += one_minus_beta * (grad - m);
                   v += one_minus_beta * (grad * grad - v);
                   T mt = m * inv_bc;
                   T mt2 = mt * mt;
                   T denom = mt2 + rho * (v * inv_bc - mt2) / (1 - rho);
                   T factor = denom != 0 ? mt2 / denom : (T)0;
                   param -= eta * (lr * factor * mt + weight_decay_rate * param);''',
                'msvag')
        hp = self.hyperparam
        t = self.t
        MSVAGRule._kernel(
            grad, hp.lr, 1 - hp.beta, 1.0 / (1.0 - math.pow(hp.beta, t)), _rho(hp.beta, t),
            hp.eta, hp.weight_decay_rate, param.array, self.state['m'], self.state['v'])


class MSVAG(optimizer.GradientMethod):
    """M-SVAG optimizer (arXiv:1705.07774).

    Args:
        lr (float): Learning rate.
        beta (float): Exponential decay rate of the first and second order moments.
        eta (float): Schedule multiplier.
        weight_decay_rate (float): Weight decay rate.
    """

    def __init__(self, lr=_default_hyperparam.lr, beta=_default_hyperparam.beta,
                 eta=_default_hyperparam.eta,
                 weight_decay_rate=_default_hyperparam.weight_decay_rate):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.beta = beta
        self.hyperparam.eta = eta
        self.hyperparam.weight_decay_rate = weight_decay_rate

    lr = optimizer.HyperparameterProxy('lr')
    beta = optimizer.HyperparameterProxy('beta')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')

    def create_update_rule(self):
        """Creates an :class:`MSVAGRule` sharing this optimizer's hyperparameters."""
        return MSVAGRule(self.hyperparam)
