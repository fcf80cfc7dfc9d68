"""MicroAverage: the ratio of two sums of observed values over an interval."""
from chainer import reporter
from chainer.training import extension
from chainer.training import util


class MicroAverage(extension.Extension):
    """Trainer extension reporting ``sum(numerator) / sum(denominator)`` over each interval.

    For example, with per-batch counts of correct answers and of examples it computes the
    accuracy over all the examples of the interval (a micro average), reported (with
    :func:`chainer.report`) under ``result_key`` when ``trigger`` fires.

    Args:
        numerator_key (str): Observation key of the numerator.
        denominator_key (str): Observation key of the denominator.
        result_key (str): Observation key of the result.
        trigger: Interval of the average (a trigger or an ``IntervalTrigger`` tuple).
    """

    priority = extension.PRIORITY_EDITOR

    def __init__(self, numerator_key, denominator_key, result_key, trigger=(1, 'epoch')):
        self._trigger = util.get_trigger(trigger)
        self._numerator_key = numerator_key
        self._denominator_key = denominator_key
        self._result_key = result_key
        self._numerator = 0
        self._denominator = 0

    def __call__(self, trainer):
        observation = trainer.observation
        if not (self._numerator_key in observation
                and self._denominator_key in observation):
            return
        self._numerator += observation[self._numerator_key]
        self._denominator += observation[self._denominator_key]
        if self._trigger(trainer):
            # reported (as v7), so it reaches the observation inside the trainer's scope
            reporter.report({self._result_key: float(self._numerator) / self._denominator})
            self._numerator = 0
            self._denominator = 0

    def serialize(self, serializer):
        """Saves or restores the running sums (v7's keys: not the trigger)."""
        self._numerator = serializer('_numerator', self._numerator)
        self._denominator = serializer('_denominator', self._denominator)
