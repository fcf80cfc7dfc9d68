"""Lasso optimizer hook (L1 regularization)."""

import numpy


class Lasso:
    """Optimizer hook that adds ``rate * sign(param)`` to each gradient (L1 regularization).

    Args:
        rate (float): Coefficient of the L1 term.

    Attributes:
        rate (float): Coefficient of the L1 term.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'Lasso'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, rule, param):
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        rate = self.rate
        loss_scale = getattr(param, '_loss_scale', None)
        if loss_scale is not None:
            rate *= loss_scale
        if isinstance(p, numpy.ndarray):
            sign = numpy.sign(p)
            sign *= rate
            g += sign
        else:
            from chainer.backends import cuda
            with cuda.get_device_from_array(p):
                cuda.elementwise(
                    'T s, T decay', 'T g', 'g += decay * s', 'lasso')(cuda.cupy.sign(p), rate, g)
