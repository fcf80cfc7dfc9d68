"""WarmupShift: raises a hyperparameter linearly to its value over the first calls."""
from chainer.training.extensions import _shift


class WarmupShift(_shift.HyperparameterShift):
    """Trainer extension moving ``optimizer.<attr>`` linearly from ``warmup_start`` to
    ``init`` over the first ``warmup_iter`` calls.

    As in v7, the value is written only during the warm-up: afterwards the extension leaves
    the attribute alone, so another schedule (e.g. :class:`MultistepShift`) can take over.

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        warmup_start (float): Value before the first call.
        warmup_iter (int): Number of calls of the warm-up.
        init (float): Value after the warm-up.
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    def __init__(self, attr, warmup_start, warmup_iter, init, optimizer=None):
        super().__init__(attr, init, optimizer)
        self._warmup_start = warmup_start
        self._warmup_iter = warmup_iter

    def initialize(self, trainer):
        """Sets the value of the current call count (``warmup_start`` before any call,
        ``init`` when resumed after the warm-up)."""
        self._update_value(self._get_optimizer(trainer), self._value_at(self._t))

    def __call__(self, trainer):
        self._t += 1
        if self._t <= self._warmup_iter:
            self._update_value(self._get_optimizer(trainer), self._value_at(self._t))

    def _value_at(self, t):
        if t == 0:
            return self._warmup_start
        if t > self._warmup_iter:
            return self._init
        n = self._warmup_iter
        return (self._warmup_start * (n - t) + self._init * t) / n  # v7's rounding

    def _update_value(self, optimizer, value):
        setattr(optimizer, self._attr, value)

    def serialize(self, serializer):
        """Saves or restores the call count."""
        self._t = serializer('_t', self._t)
