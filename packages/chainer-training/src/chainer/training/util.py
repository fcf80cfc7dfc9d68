"""Trigger helpers of the trainer: :func:`get_trigger`."""
from chainer.training.triggers import interval_trigger


def _never_fire_trigger(trainer):
    return False


def get_trigger(trigger):
    """Turns a trigger specification into a trigger.

    Args:
        trigger: A callable (returned as is), ``None`` (a trigger that never fires) or a
            ``(period, unit)`` pair (an :class:`~chainer.training.triggers.IntervalTrigger`).

    .. admonition:: Example

        >>> from chainer import training
        >>> trigger = training.get_trigger((2, 'epoch'))  # a (period, unit) pair
        >>> type(trigger).__name__, trigger.period, trigger.unit
        ('IntervalTrigger', 2, 'epoch')
        >>> training.get_trigger(trigger) is trigger  # a trigger object is returned as it is
        True
    """
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire_trigger
    return interval_trigger.IntervalTrigger(*trigger)
