"""Triggers that fire when an observed value reaches a new best: BestValueTrigger,
MaxValueTrigger, MinValueTrigger."""
import operator

from chainer import reporter
from chainer.training import util


class BestValueTrigger:
    """Trigger that fires when the mean of an observed value becomes the best so far.

    The value ``trainer.observation[key]`` is averaged between two firings of ``trigger``;
    at each firing the mean is compared with the best mean seen so far.

    Args:
        key (str): Observation key of the value.
        compare (callable): ``compare(best, new)`` returns True when ``new`` is better.
        trigger: When to compare (a trigger or an ``IntervalTrigger`` tuple).
    """

    def __init__(self, key, compare, trigger=(1, 'epoch')):
        self._key = key
        self._best_value = None
        self._interval_trigger = util.get_trigger(trigger)
        self._init_summary()
        self._compare = compare

    def __call__(self, trainer):
        """Accumulates the value; returns True when a compared mean is the best so far."""
        observation = trainer.observation
        key = self._key
        if key in observation:
            self._summary.add({key: observation[key]})
        if not self._interval_trigger(trainer):
            return False
        value = float(self._summary.compute_mean()[key])  # brings the mean to the CPU
        self._init_summary()
        if self._best_value is None or self._compare(self._best_value, value):
            self._best_value = value
            return True
        return False

    def _init_summary(self):
        self._summary = reporter.DictSummary()

    def serialize(self, serializer):
        """Saves or restores the interval trigger, the running mean and the best value."""
        if hasattr(self._interval_trigger, 'serialize'):
            self._interval_trigger.serialize(serializer['interval_trigger'])
        self._summary.serialize(serializer['summary'])
        self._best_value = serializer('best_value', self._best_value)


class MaxValueTrigger(BestValueTrigger):
    """Trigger that fires when the mean of ``key`` reaches a new maximum.

    Args:
        key (str): Observation key of the value.
        trigger: When to compare (a trigger or an ``IntervalTrigger`` tuple).
    """

    def __init__(self, key, trigger=(1, 'epoch')):
        super().__init__(key, operator.lt, trigger)


class MinValueTrigger(BestValueTrigger):
    """Trigger that fires when the mean of ``key`` reaches a new minimum.

    Args:
        key (str): Observation key of the value.
        trigger: When to compare (a trigger or an ``IntervalTrigger`` tuple).
    """

    def __init__(self, key, trigger=(1, 'epoch')):
        super().__init__(key, operator.gt, trigger)
