"""RMSprop."""

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.alpha = 0.99
_default_hyperparam.eps = 1e-8
_default_hyperparam.eps_inside_sqrt = False


def _update_cpu(p, g, ms, s, lr, alpha, eps, eps_inside_sqrt):
    ms *= alpha
    numpy.multiply(g, g, out=s)
    s *= 1 - alpha
    ms += s
    if eps_inside_sqrt:
        numpy.add(ms, eps, out=s)
        numpy.sqrt(s, out=s)
    else:
        numpy.sqrt(ms, out=s)
        s += eps
    numpy.divide(g, s, out=s)
    s *= lr
    p -= s


class RMSpropRule(optimizer.UpdateRule):
    """Update rule of Hinton's RMSprop.

    ``ms = alpha * ms + (1 - alpha) * grad ** 2; param -= lr * grad / (sqrt(ms) + eps)``
    (``sqrt(ms + eps)`` with ``eps_inside_sqrt``). State: ``ms``.

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eps_inside_sqrt (bool): Add ``eps`` inside the square root.
    """

    is_elementwise = True
    _kernels = {}

    def __init__(self, parent_hyperparam=None, lr=None, alpha=None, eps=None,
                 eps_inside_sqrt=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if alpha is not None:
            self.hyperparam.alpha = alpha
        if eps is not None:
            self.hyperparam.eps = eps
        if eps_inside_sqrt is not None:
            self.hyperparam.eps_inside_sqrt = eps_inside_sqrt

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['ms'] = xp.zeros_like(param.array)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        alpha, eps = hp['alpha'], hp['eps']
        p = param.array
        dtype = _interm_dtype(p.dtype)
        if eps != 0 and dtype.type(eps) == 0:
            raise ValueError('eps of RMSprop optimizer is too small for {} ({})'.format(
                dtype.name, eps))
        _cpu_update(_update_cpu, (p, grad, self._state['ms']), dtype, 1,
                    hp['lr'], alpha, eps, hp.get('eps_inside_sqrt', False))

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam
        inside = bool(getattr(hp, 'eps_inside_sqrt', False))
        kernel = RMSpropRule._kernels.get(inside)
        if kernel is None:
            from chainer.backends import cuda
            denom = 'sqrt(ms + eps)' if inside else '(sqrt(ms) + eps)'
            kernel = RMSpropRule._kernels[inside] = cuda.elementwise(
                'T grad, T lr, T alpha, T eps', 'T param, T ms',
                'ms = alpha * ms + (1 - alpha) * grad * grad; '
                'param -= lr * grad / ' + denom + ';',
                'rmsprop_{}'.format(int(inside)))
        kernel(grad, hp.lr, hp.alpha, hp.eps, param.array, self.state['ms'])


class RMSprop(optimizer.GradientMethod):
    """RMSprop optimizer.

    Args:
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eps_inside_sqrt (bool): Add ``eps`` inside the square root.
    """

    def __init__(self, lr=_default_hyperparam.lr, alpha=_default_hyperparam.alpha,
                 eps=_default_hyperparam.eps,
                 eps_inside_sqrt=_default_hyperparam.eps_inside_sqrt):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.alpha = alpha
        self.hyperparam.eps = eps
        self.hyperparam.eps_inside_sqrt = eps_inside_sqrt

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    eps = optimizer.HyperparameterProxy('eps')
    eps_inside_sqrt = optimizer.HyperparameterProxy('eps_inside_sqrt')

    def create_update_rule(self):
        """Creates an :class:`RMSpropRule` sharing this optimizer's hyperparameters."""
        return RMSpropRule(self.hyperparam)
