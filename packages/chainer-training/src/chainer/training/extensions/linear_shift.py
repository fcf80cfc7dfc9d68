"""LinearShift: moves a hyperparameter linearly between two values over a range of calls."""
from chainer.training.extensions import _shift


class LinearShift(_shift.HyperparameterShift):
    """Trainer extension moving ``optimizer.<attr>`` linearly from ``value_range[0]`` (up to
    the call ``time_range[0]``) to ``value_range[1]`` (from the call ``time_range[1]`` on).

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        value_range (tuple of float): The first and the last value.
        time_range (tuple of int): The calls at which the change starts and ends.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    def __init__(self, attr, value_range, time_range, optimizer=None):
        super().__init__(attr, value_range[0], optimizer)
        self._value_range = value_range
        self._time_range = time_range

    def _initial_value(self):
        return self._value_at(self._t)  # v7 starts from the current call count

    def _value_at(self, t):
        t1, t2 = self._time_range
        v1, v2 = self._value_range
        if t <= t1:
            return v1
        if t >= t2:
            return v2
        rate = (t - t1) / (t2 - t1)
        return v1 + rate * (v2 - v1)  # v7's rounding
