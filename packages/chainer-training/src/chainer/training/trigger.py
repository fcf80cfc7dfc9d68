"""Former location of the trigger helpers (kept for compatibility): use
:mod:`chainer.training.triggers` and :func:`chainer.training.get_trigger`."""

from chainer.training.triggers.interval_trigger import IntervalTrigger  # NOQA
from chainer.training.util import _never_fire_trigger  # NOQA
from chainer.training.util import get_trigger  # NOQA
