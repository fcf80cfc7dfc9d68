"""IntervalTrigger: fires every ``period`` iterations or epochs."""
from chainer.training.triggers import _progress


class IntervalTrigger(_progress.PreviousProgress):
    """Trigger that fires each time the training crosses a multiple of ``period``.

    Args:
        period (int or float): Length of the interval (fractions allowed for epochs).
        unit (str): ``'iteration'`` or ``'epoch'``.

    Attributes:
        period: Length of the interval.
        unit (str): Its unit.
        count: Number of whole intervals done (updated at each call, epoch unit only).
    """

    def __init__(self, period, unit):
        _progress.check_unit(unit)
        self.period = period
        self.unit = unit
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.0
        self.count = 0

    def __call__(self, trainer):
        """Returns True if a multiple of the period was crossed since the last call."""
        updater = trainer.updater
        previous, current = self._previous(updater)
        period = self.period
        if self.unit == 'epoch':
            self.count = current // period
        fire = previous // period != current // period
        self._remember(updater)
        return fire

    def get_training_length(self):
        """Returns ``(period, unit)``: the length of a training stopped by this trigger."""
        return self.period, self.unit

    def serialize(self, serializer):
        """Saves or restores the progress at the last call."""
        self._serialize_progress(serializer)

    def __str__(self):
        return '{}({}, {!r})'.format(type(self).__name__, self.period, self.unit)
