"""TimeTrigger: fires every ``period`` seconds of training time."""


class TimeTrigger:
    """Trigger that fires when ``trainer.elapsed_time`` exceeds the next multiple of ``period``.

    At most one firing per call: after a long pause the next firing time moves by one
    period only.

    Args:
        period (float): Interval in seconds.
    """

    def __init__(self, period):
        self._period = period
        self._next_time = period

    def __call__(self, trainer):
        if trainer.elapsed_time <= self._next_time:  # fires only once past it, as v7
            return False
        self._next_time += self._period
        return True

    def serialize(self, serializer):
        """Saves or restores the next firing time."""
        self._next_time = serializer('next_time', self._next_time)
