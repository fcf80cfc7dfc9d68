"""The common part of the extensions that schedule an optimizer hyperparameter (the
``*Shift`` extensions): which optimizer, the call count, setting and restoring the value."""
import numpy

from chainer.training import extension


class HyperparameterShift(extension.Extension):
    """Sets ``optimizer.<attr>`` to ``self._value_at(t)`` at the ``t``-th call.

    :meth:`initialize` sets the initial value as it is (not clipped, not converted), or the
    last value after a resume, as v7. Subclasses implement ``_value_at(t)`` and may read
    ``self._init`` (the initial value: the optimizer's when none was given).

    Args:
        attr (str): Name of the optimizer attribute (e.g. ``'lr'``).
        init: Initial value (read from the optimizer when None).
        optimizer: The optimizer (the updater's ``'main'`` one when None).
    """

    _last_value = None

    def __init__(self, attr, init=None, optimizer=None):
        self._attr = attr
        self._init = init
        self._optimizer = optimizer
        self._t = 0
        self._last_value = None

    def _get_optimizer(self, trainer):
        return self._optimizer or trainer.updater.get_optimizer('main')

    def _update_value(self, optimizer, value):
        setattr(optimizer, self._attr, value)
        self._last_value = value

    def initialize(self, trainer):
        """Sets the initial value (the last value when resumed)."""
        optimizer = self._get_optimizer(trainer)
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        if self._last_value is not None:  # resumed from a snapshot
            value = self._last_value
        else:
            value = self._initial_value()
        self._update_value(optimizer, value)

    def _initial_value(self):
        return self._init

    def __call__(self, trainer):
        self._t += 1
        self._update_value(self._get_optimizer(trainer), self._value_at(self._t))

    def _value_at(self, t):
        raise NotImplementedError

    def serialize(self, serializer):
        """Saves or restores the call count and the last value."""
        self._t = serializer('_t', self._t)
        last_value = serializer('_last_value', self._last_value)
        if isinstance(last_value, numpy.ndarray):  # loaded: a Python scalar again, as v7
            last_value = last_value.item()
        self._last_value = last_value


def clip_to_target(value, target, increasing):
    """Stops ``value`` at ``target`` (from above when decreasing, from below when not)."""
    if target is None:
        return value
    if increasing:
        return min(value, target)
    return max(value, target)
