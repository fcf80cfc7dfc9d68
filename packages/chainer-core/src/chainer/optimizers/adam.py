"""Adam and its variants (AdamW, AMSGrad, AdaBound, AMSBound)."""

import math
import warnings

import numpy

from chainer import backend
from chainer import optimizer
from chainer.optimizer import _cpu_update, _interm_dtype

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.alpha = 0.001
_default_hyperparam.beta1 = 0.9
_default_hyperparam.beta2 = 0.999
_default_hyperparam.eps = 1e-8
_default_hyperparam.eta = 1.0
_default_hyperparam.weight_decay_rate = 0
_default_hyperparam.amsgrad = False
_default_hyperparam.adabound = False
_default_hyperparam.final_lr = 0.1
_default_hyperparam.gamma = 1e-3


def _update_cpu(p, g, m, v, s, one_minus_beta1, one_minus_beta2, eps, alpha_t, step_scale,
                decay):
    numpy.subtract(g, m, out=s)
    s *= one_minus_beta1
    m += s
    numpy.multiply(g, g, out=s)
    s -= v
    s *= one_minus_beta2
    v += s
    numpy.sqrt(v, out=s, dtype=s.dtype)
    s += eps
    numpy.divide(m, s, out=s)
    s *= alpha_t * step_scale
    if decay != 1.0:
        p *= decay
    p -= s


def _update_cpu_general(p, g, m, v, vhat, s, one_minus_beta1, one_minus_beta2, eps, alpha_t,
                        step_scale, decay, bounds):
    # AMSGrad (vhat is not None) and/or AdaBound (bounds is not None)
    numpy.subtract(g, m, out=s)
    s *= one_minus_beta1
    m += s
    numpy.multiply(g, g, out=s)
    s -= v
    s *= one_minus_beta2
    v += s
    if vhat is not None:
        numpy.maximum(vhat, v, out=vhat)
        numpy.sqrt(vhat, out=s, dtype=s.dtype)
    else:
        numpy.sqrt(v, out=s, dtype=s.dtype)
    s += eps
    if bounds is not None:
        numpy.divide(alpha_t, s, out=s)
        numpy.clip(s, bounds[0], bounds[1], out=s)
        s *= m
        if step_scale != 1.0:
            s *= step_scale
    else:
        numpy.divide(m, s, out=s)
        s *= alpha_t * step_scale
    if decay != 1.0:
        p *= decay
    p -= s


def _learning_rate(hp, t):
    if t == 0:
        raise RuntimeError(
            "Can't determine the learning rate of Adam optimizer because the update steps "
            'have not been started.')
    fix1 = 1. - math.pow(hp.beta1, t)
    fix2 = 1. - math.pow(hp.beta2, t)
    return hp.alpha * math.sqrt(fix2) / fix1


def _adabound_bounds(alpha, initial_alpha, final_lr, gamma, t):
    # (lower, upper) bounds of the AdaBound step size, converging to the final learning rate
    # (scaled like alpha).
    final_lr = final_lr * alpha / initial_alpha
    gamma_t = gamma * t
    return final_lr * (1.0 - 1.0 / (gamma_t + 1)), final_lr * (1.0 + 1.0 / gamma_t)


def _check_eps(eps, dtype):
    # The eps must not underflow in the dtype of the intermediate values.
    if eps != 0 and dtype.type(eps) == 0:
        raise ValueError('eps of Adam optimizer is too small for {} ({})'.format(
            dtype.name, eps))


class AdamRule(optimizer.UpdateRule):
    """Update rule of Adam (arXiv:1412.6980v8) and its variants.

    ``m += (1 - beta1) * (grad - m); v += (1 - beta2) * (grad ** 2 - v);
    param -= eta * (alpha_t * m / (sqrt(v) + eps) + weight_decay_rate * param)`` with
    ``alpha_t = alpha * sqrt(1 - beta2 ** t) / (1 - beta1 ** t)``. With ``amsgrad``, ``v`` is
    replaced by its running maximum ``vhat``; with ``adabound``, the per-element step
    ``alpha_t / (sqrt(v) + eps)`` is clipped to bounds converging to ``final_lr``.
    States: ``m``, ``v`` (and ``vhat`` with ``amsgrad``).

    Args:
        parent_hyperparam (~chainer.optimizer.Hyperparameter): Hyperparameter that provides
            the default values.
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier (for AdamW).
        weight_decay_rate (float): Weight decay rate (decoupled, as in AdamW).
        amsgrad (bool): Use AMSGrad.
        adabound (bool): Use AdaBound (AMSBound with ``amsgrad``).
        final_lr (float): Final (SGD) learning rate of AdaBound.
        gamma (float): Convergence speed of the bound functions of AdaBound.
    """

    is_elementwise = True
    _kernels = {}

    def __init__(self, parent_hyperparam=None, alpha=None, beta1=None, beta2=None, eps=None,
                 eta=None, weight_decay_rate=None, amsgrad=None, adabound=None,
                 final_lr=None, gamma=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        hp = self.hyperparam
        for name, value in (('alpha', alpha), ('beta1', beta1), ('beta2', beta2),
                            ('eps', eps), ('eta', eta), ('weight_decay_rate', weight_decay_rate),
                            ('amsgrad', amsgrad), ('adabound', adabound),
                            ('final_lr', final_lr), ('gamma', gamma)):
            if value is not None:
                setattr(hp, name, value)
        if hp.adabound:
            # ``final_lr`` is scaled by ``alpha / initial_alpha`` (set at the first AdaBound
            # step when AdaBound is turned on later, where v7 fails)
            self.initial_alpha = hp.alpha

    def init_state(self, param):
        xp = backend.get_array_module(param.array)
        self.state['m'] = xp.zeros_like(param.array)
        self.state['v'] = xp.zeros_like(param.array)
        if self.hyperparam.amsgrad:
            self.state['vhat'] = xp.zeros_like(param.array)

    def _bounds(self, hp):
        # Bounds of the step size at step t.
        if 'initial_alpha' not in self.__dict__:
            self.initial_alpha = hp['alpha']
        return _adabound_bounds(hp['alpha'], self.initial_alpha, hp['final_lr'], hp['gamma'],
                                self.t)

    def update_core_cpu(self, param):
        grad = param.grad
        if grad is None:
            return
        hp = self.hyperparam._flat()
        p = param.array
        dtype = _interm_dtype(p.dtype)
        eps = hp['eps']
        if dtype is not p.dtype:
            _check_eps(eps, dtype)
            grad = grad.astype(dtype)
        t = self.t
        beta1, beta2 = hp['beta1'], hp['beta2']
        alpha_t = hp['alpha'] * math.sqrt(1. - math.pow(beta2, t)) / (1. - math.pow(beta1, t))
        state = self._state
        eta = hp['eta']
        decay = 1.0 - eta * hp['weight_decay_rate']
        amsgrad, adabound = hp['amsgrad'], hp['adabound']
        if not amsgrad and not adabound:
            _cpu_update(_update_cpu, (p, grad, state['m'], state['v']), dtype, 1,
                        1.0 - beta1, 1.0 - beta2, eps, alpha_t, eta, decay)
            return
        bounds = self._bounds(hp) if adabound else None
        if amsgrad:
            arrays = (p, grad, state['m'], state['v'], state['vhat'])
            fn = _update_cpu_general
        else:
            arrays = (p, grad, state['m'], state['v'])

            def fn(p, g, m, v, *rest):
                _update_cpu_general(p, g, m, v, None, *rest)
        _cpu_update(fn, arrays, dtype, 1, 1.0 - beta1, 1.0 - beta2, eps, alpha_t, eta,
                    decay, bounds)

    def update_core_gpu(self, param):
        grad = param.grad
        if grad is None:
            return
        from chainer.backends import cuda
        hp = self.hyperparam
        p = param.array
        dtype = _interm_dtype(p.dtype)
        if dtype is not p.dtype:
            _check_eps(hp.eps, dtype)
        amsgrad, adabound = bool(hp.amsgrad), bool(hp.adabound)
        key = (amsgrad, adabound)
        kernel = AdamRule._kernels.get(key)
        if kernel is None:
            vv = ('U vv = max((U)vhat, (U)v); vhat = (T)vv;' if amsgrad
                  else 'U vv = (U)v;')
            if adabound:
                step = 'U step = min(max(alpha_t / (sqrt(vv) + eps), lower), upper) * mm;'
            else:
                step = 'U step = alpha_t * mm / (sqrt(vv) + eps);'
            out_params = 'T param, T m, T v' + (', T vhat' if amsgrad else '')
            kernel = AdamRule._kernels[key] = cuda.elementwise(
                'T grad, U alpha_t, U one_minus_beta1, U one_minus_beta2, U eps, U eta, '
                'U weight_decay_rate, U lower, U upper',
                out_params,
                '''U g = (U)grad;
                   U mm = (U)m + one_minus_beta1 * (g - (U)m);
                   m = (T)mm;
                   v = (T)((U)v + one_minus_beta2 * (g * g - (U)v));
                   ''' + vv + step + '''
                   param = (T)((U)param - eta * (step + weight_decay_rate * (U)param));''',
                'adam_{}_{}'.format(int(amsgrad), int(adabound)))
        if adabound:
            lower, upper = self._bounds({
                'alpha': hp.alpha, 'final_lr': hp.final_lr, 'gamma': hp.gamma})
        else:
            lower = upper = 0.0
        args = [grad] + [dtype.type(x) for x in (
            self.alpha_t, 1 - hp.beta1, 1 - hp.beta2, hp.eps, hp.eta, hp.weight_decay_rate,
            lower, upper)] + [p, self.state['m'], self.state['v']]
        if amsgrad:
            args.append(self.state['vhat'])
        kernel(*args)

    @property
    def alpha_t(self):
        """Bias-corrected step size ``alpha * sqrt(1 - beta2 ** t) / (1 - beta1 ** t)``."""
        return _learning_rate(self.hyperparam, self.t)

    @property
    def bounds(self):
        """Lower and upper bounds of the AdaBound step size at the current step."""
        if self.t == 0:
            raise RuntimeError(
                "Can't determine the bounds of AdaBound optimizer because the update steps "
                'have not been started.')
        hp = self.hyperparam
        return _adabound_bounds(hp.alpha, self.initial_alpha, hp.final_lr, hp.gamma, self.t)

    @property
    def lr(self):
        """Deprecated alias of :attr:`alpha_t`."""
        warnings.warn(
            'AdamRule.lr has been renamed to AdamRule.alpha_t. '
            'Use of AdamRule.lr is deprecated in Chainer v6.', DeprecationWarning)
        return self.alpha_t


class Adam(optimizer.GradientMethod):
    """Adam optimizer (arXiv:1412.6980v8), with the AdamW, AMSGrad and AdaBound variants.

    Args:
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier (for AdamW).
        weight_decay_rate (float): Decoupled weight decay rate (AdamW, arXiv:1711.05101).
        amsgrad (bool): Use AMSGrad (https://openreview.net/forum?id=ryQu7f-RZ).
        adabound (bool): Use AdaBound (https://openreview.net/forum?id=Bkg3g2R9FX).
        final_lr (float): Final (SGD) learning rate of AdaBound.
        gamma (float): Convergence speed of the bound functions of AdaBound.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta,
                 weight_decay_rate=_default_hyperparam.weight_decay_rate,
                 amsgrad=_default_hyperparam.amsgrad, adabound=_default_hyperparam.adabound,
                 final_lr=_default_hyperparam.final_lr, gamma=_default_hyperparam.gamma):
        super().__init__()
        hp = self.hyperparam
        hp.alpha = alpha
        hp.beta1 = beta1
        hp.beta2 = beta2
        hp.eps = eps
        hp.eta = eta
        hp.weight_decay_rate = weight_decay_rate
        hp.amsgrad = amsgrad
        hp.adabound = adabound
        hp.final_lr = final_lr
        hp.gamma = gamma

    alpha = optimizer.HyperparameterProxy('alpha')
    beta1 = optimizer.HyperparameterProxy('beta1')
    beta2 = optimizer.HyperparameterProxy('beta2')
    eps = optimizer.HyperparameterProxy('eps')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')
    amsgrad = optimizer.HyperparameterProxy('amsgrad')
    adabound = optimizer.HyperparameterProxy('adabound')
    final_lr = optimizer.HyperparameterProxy('final_lr')
    gamma = optimizer.HyperparameterProxy('gamma')

    def create_update_rule(self):
        """Creates an :class:`AdamRule` sharing this optimizer's hyperparameters."""
        return AdamRule(self.hyperparam)

    @property
    def alpha_t(self):
        """Bias-corrected step size at the optimizer's step ``t``."""
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self):
        """Deprecated alias of :attr:`alpha_t`."""
        warnings.warn(
            'Adam.lr has been renamed to Adam.alpha_t. '
            'Use of Adam.lr is deprecated in Chainer v6.', DeprecationWarning)
        return self.alpha_t


class AdamW(Adam):
    """AdamW optimizer: Adam with decoupled weight decay (arXiv:1711.05101).

    Args:
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier.
        weight_decay_rate (float): Weight decay rate.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta,
                 weight_decay_rate=_default_hyperparam.weight_decay_rate):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         weight_decay_rate=weight_decay_rate)


class AMSGrad(Adam):
    """AMSGrad optimizer: Adam with the running maximum of the second moment.

    Args:
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True)


class AdaBound(Adam):
    """AdaBound optimizer: Adam whose step sizes are clipped to bounds converging to SGD.

    Args:
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        final_lr (float): Final (SGD) learning rate.
        gamma (float): Convergence speed of the bound functions.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, final_lr=_default_hyperparam.final_lr,
                 gamma=_default_hyperparam.gamma, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         adabound=True, final_lr=final_lr, gamma=gamma)


class AMSBound(Adam):
    """AMSBound optimizer: AdaBound with the AMSGrad running maximum.

    Args:
        alpha (float): Coefficient of the learning rate.
        beta1 (float): Exponential decay rate of the first order moment.
        beta2 (float): Exponential decay rate of the second order moment.
        final_lr (float): Final (SGD) learning rate.
        gamma (float): Convergence speed of the bound functions.
        eps (float): Small value for numerical stability.
        eta (float): Schedule multiplier.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, final_lr=_default_hyperparam.final_lr,
                 gamma=_default_hyperparam.gamma, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True, adabound=True, final_lr=final_lr, gamma=gamma)
