"""GradientClipping optimizer hook (rescaling by the global L2 norm)."""

import numpy

from chainer import backend


def _sum_sqnorm(arrays):
    # Sum of squared L2 norms, accumulated per device and returned as a Python float or a
    # 0-dim device array (when every array is on one GPU, to avoid a synchronization).
    cpu_total = 0.0
    dev_totals = {}
    for x in backend.from_chx(list(arrays)):
        if x is None:
            continue
        if isinstance(x, numpy.ndarray):
            flat = x.ravel()
            if flat.dtype == numpy.float16:
                flat = flat.astype(numpy.float32)
            cpu_total += float(numpy.dot(flat, flat))
        else:
            from chainer.backends import cuda
            with cuda.get_device_from_array(x) as dev:
                flat = x.ravel()
                s = flat.dot(flat)
                key = int(dev)
                dev_totals[key] = dev_totals[key] + s if key in dev_totals else s
    if not dev_totals:
        return cpu_total
    return cpu_total + sum(float(v) for v in dev_totals.values())


class GradientClipping:
    """Optimizer hook that rescales all gradients so that their global L2 norm is at most
    ``threshold``.

    Args:
        threshold (float): L2 norm threshold.

    Attributes:
        threshold (float): L2 norm threshold.
        timing (str): ``'pre'`` (before the update) or ``'post'``.
    """

    name = 'GradientClipping'
    timing = 'pre'

    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, opt):
        params = [p for p in opt.target.params(False)]
        norm = numpy.sqrt(_sum_sqnorm([p.grad for p in params]))
        if norm == 0:
            return
        # The gradients are not unscaled first: under loss scaling the effective threshold is
        # ``threshold / loss_scale``, as in v7.
        rate = self.threshold / norm
        if rate >= 1:
            return
        for param in params:
            grad = backend.from_chx(param.grad)
            if grad is None:
                continue
            if isinstance(grad, numpy.ndarray):
                grad *= grad.dtype.type(rate)
            else:
                xp = backend.get_array_module(grad)
                with backend.using_device(backend.get_device_from_array(grad)):
                    grad *= xp.asarray(rate, dtype=grad.dtype)
