"""WeightDecay optimizer hook (L2 regularization)."""

import numpy


class WeightDecay:
    """Optimizer hook that adds ``rate * param`` to each gradient (L2 regularization).

    The rate is multiplied by the loss scale when the gradient is still scaled.

    Args:
        rate (float): Coefficient of the weight decay.

    Attributes:
        rate (float): Coefficient of the weight decay.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'WeightDecay'
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
            if rate != 0:
                g += rate * p
        else:
            from chainer.backends import cuda
            with cuda.get_device_from_array(p):
                cuda.elementwise(
                    'T p, T decay', 'T g', 'g += decay * p', 'weight_decay')(p, rate, g)
