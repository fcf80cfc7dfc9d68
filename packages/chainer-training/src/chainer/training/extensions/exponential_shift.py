"""ExponentialShift: multiplies a hyperparameter by a constant at each call."""
from chainer.training.extensions import _shift


class ExponentialShift(_shift.HyperparameterShift):
    """Trainer extension setting ``optimizer.<attr>`` to ``init * rate ** t`` at the t-th call.

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        rate (float): Factor of each call.
        init (float): Initial value (the optimizer's when None).
        target (float): Value at which the shift stops.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    def __init__(self, attr, rate, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        if rate < 0:
            raise ValueError('ExponentialShift does not support negative rate')
        self._rate = rate
        self._target = target

    def _value_at(self, t):
        value = self._init * self._rate ** t
        return _shift.clip_to_target(value, self._target, self._rate > 1)
