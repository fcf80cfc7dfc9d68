"""RMSprop."""

import numpy

from chainer import optimizer
from chainer.optimizers import _rule_base

_default_hyperparam = _rule_base.make_hyperparam(lr=0.01, alpha=0.99, eps=1e-8,
                                                 eps_inside_sqrt=False)


def _update_cpu(p, g, ms, s, s2, lr, alpha, eps, eps_inside_sqrt):
    # (the operations of v7 in its order, for the same rounding and range in float16)
    ms *= alpha
    numpy.multiply(g, 1 - alpha, out=s)
    s *= g
    ms += s
    if eps_inside_sqrt:
        numpy.add(ms, eps, out=s2)
        numpy.sqrt(s2, out=s2)
    else:
        numpy.sqrt(ms, out=s2)
        s2 += eps
    numpy.multiply(g, lr, out=s)
    s /= s2
    p -= s


class RMSpropRule(_rule_base.ElementwiseRule):
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

    _state_names = ('ms',)
    _hyperparam_names = ('lr', 'alpha', 'eps')
    _n_scratch = 2
    _update_cpu = staticmethod(_update_cpu)

    def __init__(self, parent_hyperparam=None, lr=None, alpha=None, eps=None,
                 eps_inside_sqrt=None):
        super().__init__(parent_hyperparam or _default_hyperparam, lr=lr, alpha=alpha, eps=eps,
                         eps_inside_sqrt=eps_inside_sqrt)

    def update_core(self, param):
        """Updates ``param``; ``eps`` must not round to zero in the parameter's dtype."""
        eps = self.hyperparam.eps
        grad = param.grad
        if eps != 0 and grad is not None and grad.dtype.type(eps) == 0:
            raise ValueError('eps of RMSprop optimizer is too small for {} ({})'.format(
                grad.dtype.name, eps))
        super().update_core(param)

    def _cpu_args(self, hp, dtype):
        return hp['lr'], hp['alpha'], hp['eps'], hp.get('eps_inside_sqrt', False)

    @property
    def _gpu_kernel_spec(self):
        inside = bool(getattr(self.hyperparam, 'eps_inside_sqrt', False))
        denom = 'sqrt(ms + eps)' if inside else '(sqrt(ms) + eps)'
        return ('T grad, T lr, T alpha, T eps', 'T param, T ms',
                'ms = alpha * ms + (1 - alpha) * grad * grad; '
                'param -= lr * grad / ' + denom + ';',
                'rmsprop_{}'.format(int(inside)))


class RMSprop(_rule_base.ElementwiseMethod):
    """RMSprop optimizer.

    Args:
        lr (float): Learning rate.
        alpha (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eps_inside_sqrt (bool): Add ``eps`` inside the square root.
    """

    _rule_class = RMSpropRule

    def __init__(self, lr=_default_hyperparam.lr, alpha=_default_hyperparam.alpha,
                 eps=_default_hyperparam.eps,
                 eps_inside_sqrt=_default_hyperparam.eps_inside_sqrt):
        super().__init__(lr=lr, alpha=alpha, eps=eps, eps_inside_sqrt=eps_inside_sqrt)

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    eps = optimizer.HyperparameterProxy('eps')
    eps_inside_sqrt = optimizer.HyperparameterProxy('eps_inside_sqrt')
