"""AdaDelta."""

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.rho = 0.95
_default_hyperparam.eps = 1e-6


def _update_cpu(p, g, msg, msdx, s, s2, rho, eps):
    msg *= rho
    numpy.multiply(g, g, out=s)
    s *= 1 - rho
    msg += s
    numpy.add(msdx, eps, out=s)
    numpy.add(msg, eps, out=s2)
    s /= s2
    numpy.sqrt(s, out=s)
    s *= g  # dx
    msdx *= rho
    numpy.multiply(s, s, out=s2)
    s2 *= 1 - rho
    msdx += s2
    p -= s


class AdaDeltaRule(optimizer.UpdateRule):
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

    is_elementwise = True
    _kernel = None

    def __init__(self, parent_hyperparam=None, rho=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if rho is not None:
            self.hyperparam.rho = rho
        if eps is not None:
            self.hyperparam.eps = eps

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['msg'] = xp.zeros_like(param.array)
        self.state['msdx'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        p = param.array
        state = self._state
        _cpu_update(_update_cpu, (p, grad, state['msg'], state['msdx']),
                    _interm_dtype(p.dtype), 2, hp['rho'], hp['eps'])

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        if AdaDeltaRule._kernel is None:
            from chainer.backends import cuda
            AdaDeltaRule._kernel = cuda.elementwise(
                'T grad, T one_minus_rho, T eps', 'T param, T msg, T msdx',
                '''msg = msg + one_minus_rho * (grad * grad - msg);
                   T dx = sqrt((msdx + eps) / (msg + eps)) * grad;
                   msdx += one_minus_rho * (dx * dx - msdx);
                   param -= dx;''',
                'adadelta')
        hp = self.hyperparam
        AdaDeltaRule._kernel(
            grad, 1 - hp.rho, hp.eps, param.array, self.state['msg'], self.state['msdx'])


class AdaDelta(optimizer.GradientMethod):
    """Zeiler's ADADELTA (https://arxiv.org/abs/1212.5701).

    Args:
        rho (float): Exponential decay rate of the first and second order moments.
        eps (float): Small value for numerical stability.
    """

    def __init__(self, rho=_default_hyperparam.rho, eps=_default_hyperparam.eps):
        super().__init__()
        self.hyperparam.rho = rho
        self.hyperparam.eps = eps

    rho = optimizer.HyperparameterProxy('rho')
    eps = optimizer.HyperparameterProxy('eps')

    def create_update_rule(self):
        """Creates an :class:`AdaDeltaRule` sharing this optimizer's hyperparameters."""
        return AdaDeltaRule(self.hyperparam)
