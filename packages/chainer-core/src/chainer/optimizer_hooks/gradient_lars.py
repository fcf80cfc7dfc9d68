"""GradientLARS optimizer hook (layer-wise adaptive rate scaling)."""

import numpy

from chainer import backend


class GradientLARS:
    """Optimizer hook that applies layer-wise adaptive rate scaling (LARS) to gradients.

    For each parameter, the gradient becomes ``rate * (grad + weight_decay * param)`` where
    ``rate = |param| / (eps + |grad| + weight_decay * |param|)`` when ``|param| > threshold``
    and 1 otherwise (``|.|`` is the L2 norm). See https://arxiv.org/abs/1708.03888.

    Args:
        threshold (float): Weight norm above which the gradient is rescaled.
        weight_decay (float): Coefficient of the weight decay.
        eps (float): Small value for numerical stability.

    Attributes:
        threshold (float): Weight norm threshold.
        weight_decay (float): Coefficient of the weight decay.
        eps (float): Small value for numerical stability.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'GradientLARS'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, threshold=1e-2, weight_decay=0.0, eps=1e-9):
        self.threshold = threshold
        self.weight_decay = weight_decay
        self.eps = eps

    def __call__(self, rule, param):
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        p, g = backend.from_chx((p, g))
        if isinstance(p, numpy.ndarray):
            p_norm = float(numpy.linalg.norm(p))
            g_norm = float(numpy.linalg.norm(g))
            if p_norm > self.threshold:
                rate = p_norm / (self.eps + g_norm + self.weight_decay * p_norm)
            else:
                rate = 1.0
            if self.weight_decay != 0:
                g += self.weight_decay * p
            if rate != 1.0:
                g *= g.dtype.type(rate)
        else:
            from chainer.backends import cuda
            cupy = cuda.cupy
            with cuda.get_device_from_array(p):
                p_norm = cupy.linalg.norm(p)
                g_norm = cupy.linalg.norm(g)
                local_rate = p_norm / (self.eps + g_norm + self.weight_decay * p_norm)
                rate = cupy.where(p_norm > self.threshold, local_rate, 1.0).astype(p.dtype)
                cuda.elementwise(
                    'T p, T rate, T weight_decay', 'T g',
                    'g += weight_decay * p; g *= rate;', 'lars')(p, rate, self.weight_decay, g)
