"""Training loop: Trainer, updaters, extensions and triggers (provided by chainer-training).

Third-party extensions registered under the entry-point group ``chainer.training.extensions``
are found lazily through :mod:`chainer.training.extensions` (see ``extensions.available()``).
"""

from chainer.training import extension  # NOQA
from chainer.training import extensions  # NOQA
from chainer.training import trainer  # NOQA
from chainer.training import trigger  # NOQA
from chainer.training import triggers  # NOQA
from chainer.training import updater  # NOQA
from chainer.training import updaters  # NOQA
from chainer.training import util  # NOQA

from chainer.training._updater import Updater  # NOQA
from chainer.training.extension import Extension  # NOQA
from chainer.training.extension import make_extension  # NOQA
from chainer.training.extension import PRIORITY_EDITOR  # NOQA
from chainer.training.extension import PRIORITY_READER  # NOQA
from chainer.training.extension import PRIORITY_WRITER  # NOQA
from chainer.training.trainer import Trainer  # NOQA
from chainer.training.triggers.interval_trigger import IntervalTrigger  # NOQA
from chainer.training.updaters.parallel_updater import ParallelUpdater  # NOQA
from chainer.training.updaters.standard_updater import StandardUpdater  # NOQA
from chainer.training.util import get_trigger  # NOQA
