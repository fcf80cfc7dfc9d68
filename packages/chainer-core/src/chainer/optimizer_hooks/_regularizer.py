"""Shared base of the regularization hooks (WeightDecay, Lasso)."""

import numpy

from chainer import backend


class Regularizer:
    """Base of the optimizer hooks that add ``rate * penalty_grad(param)`` to each gradient.

    The rate is multiplied by the parameter's loss scale, if any, unless
    ``_follows_loss_scale`` is false. Subclasses implement ``_add_cpu(p, g, rate)`` and
    ``_add_gpu(p, g, rate)`` (run on ``p``'s device), adding the scaled gradient of the
    penalty to ``g`` in place.

    Args:
        rate (float): Coefficient of the penalty.
    """

    call_for_each_param = True
    timing = 'pre'
    # Whether the rate is multiplied by the loss scale (v7: WeightDecay does, Lasso does not).
    _follows_loss_scale = True

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, rule, param):
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        # ChainerX arrays are updated through NumPy/CuPy views of their memory
        p, g = backend.from_chx((p, g))
        rate = self.rate
        if self._follows_loss_scale:
            loss_scale = getattr(param, '_loss_scale', None)
            if loss_scale is not None:
                rate *= loss_scale
        if isinstance(p, numpy.ndarray):
            self._add_cpu(p, g, rate)
        else:
            from chainer.backends import cuda
            with cuda.get_device_from_array(p):
                self._add_gpu(p, g, rate)
