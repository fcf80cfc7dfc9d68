"""GradientHardClipping optimizer hook (elementwise clipping of gradients)."""

import numpy

from chainer import backend


class GradientHardClipping:
    """Optimizer hook that clips each gradient element to ``[lower_bound, upper_bound]``.

    Args:
        lower_bound (float): Lower bound of the gradient elements.
        upper_bound (float): Upper bound of the gradient elements.

    Attributes:
        lower_bound (float): Lower bound.
        upper_bound (float): Upper bound.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'GradientHardClipping'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, rule, param):
        grad = backend.from_chx(param.grad)
        if grad is None:
            return
        # The bounds apply to the gradient as it is (still multiplied by the loss scale before
        # the update), as in v7.
        lower, upper = self.lower_bound, self.upper_bound
        if isinstance(grad, numpy.ndarray):
            numpy.clip(grad, lower, upper, out=grad)
        else:
            from chainer.backends import cuda
            with cuda.get_device_from_array(grad):
                cuda.cupy.clip(grad, lower, upper, out=grad)
