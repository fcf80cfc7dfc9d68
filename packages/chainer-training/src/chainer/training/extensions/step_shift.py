"""StepShift: multiplies a hyperparameter by ``gamma`` every ``step`` calls."""
import numpy

from chainer.training.extensions import _shift


class StepShift(_shift.HyperparameterShift):
    """Trainer extension setting ``optimizer.<attr>`` to ``init * gamma ** (t // step)`` at
    the t-th call.

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        gamma (float): Factor applied every ``step`` calls.
        step (int): Interval of the factor, in calls.
        init (float): Initial value (the optimizer's when None).
        target (float): Value at which the shift stops.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    def __init__(self, attr, gamma, step, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        self._gamma = gamma
        self._step = step
        self._target = target

    def _value_at(self, t):
        # a NumPy float exponent: the values are numpy.float64, as v7's
        value = self._init * self._gamma ** numpy.floor(t / self._step)
        return _shift.clip_to_target(value, self._target, self._gamma > 1)
