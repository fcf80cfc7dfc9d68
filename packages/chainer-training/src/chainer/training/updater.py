"""Former location of the updaters (kept for compatibility): use
:mod:`chainer.training.updaters`."""

from chainer.training._updater import Updater  # NOQA
from chainer.training.updaters.parallel_updater import ParallelUpdater  # NOQA
from chainer.training.updaters.standard_updater import StandardUpdater  # NOQA
