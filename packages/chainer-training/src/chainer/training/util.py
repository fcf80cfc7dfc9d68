"""Trigger helpers of the trainer: :func:`get_trigger`."""
from chainer.training.triggers import interval_trigger


def _never_fire_trigger(trainer):
    return False


def get_trigger(trigger):
    """Turns a trigger specification into a trigger.

    Args:
        trigger: A callable (returned as is), ``None`` (a trigger that never fires) or a
            ``(period, unit)`` pair (an :class:`~chainer.training.triggers.IntervalTrigger`).
    """
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire_trigger
    return interval_trigger.IntervalTrigger(*trigger)
