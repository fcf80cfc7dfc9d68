"""The training loop: :class:`Trainer`."""
import collections
import os
import sys
import time
import traceback

from chainer import reporter as reporter_module
from chainer import serializer as serializer_module
from chainer.training import extension as extension_module
from chainer.training import util
from chainer.utils import argument

_get_time = time.perf_counter


class _ExtensionEntry:
    """An extension registered to a trainer, with its trigger and priority."""

    __slots__ = ('extension', 'trigger', 'priority', 'call_before_training')

    def __init__(self, extension, priority, trigger, call_before_training):
        self.extension = extension
        self.trigger = trigger
        self.priority = priority
        self.call_before_training = call_before_training


def _print_traceback(title, exc, tb):
    err = sys.stderr
    print('{}: {}'.format(title, exc), file=err)
    print('Traceback (most recent call last):', file=err)
    traceback.print_tb(tb, file=err)


class Trainer:
    """The standard training loop.

    Each iteration calls ``updater.update()`` inside the reporter scope of a fresh
    :attr:`observation` dict, then every extension whose trigger fires, in descending priority
    (registration order among equal priorities). The loop ends when ``stop_trigger`` fires.

    When the loop raises, every extension's ``on_error(trainer, exc, tb)`` is called, then the
    extensions and the updater are finalized and the exception is re-raised unchanged.

    Args:
        updater (~chainer.training.Updater): The updater.
        stop_trigger: When to stop: a trigger, a ``(period, unit)`` pair, or ``None`` (never).
        out (str or os.PathLike): Output directory of the extensions (logs, snapshots).
        extensions (list): Extensions to register with their defaults.

    Attributes:
        updater: The updater.
        stop_trigger: The stop trigger.
        observation (dict): Values reported during the current iteration.
        out: The output directory.
        reporter (~chainer.Reporter): The reporter; the optimizers' targets and their links are
            its observers (named ``'main'``, ``'main/predictor'``, ...).
    """

    def __init__(self, updater, stop_trigger=None, out='result', extensions=None):
        self.updater = updater
        self.stop_trigger = util.get_trigger(stop_trigger)
        self.observation = {}
        self.out = out

        reporter = reporter_module.Reporter()
        for name, optimizer in updater.get_all_optimizers().items():
            target = optimizer.target
            reporter.add_observer(name, target)
            reporter.add_observers(name, target.namedlinks(skipself=True))
        self.reporter = reporter

        self._done = False
        self._extensions = collections.OrderedDict()
        self._start_at = None
        self._snapshot_elapsed_time = 0.0
        self._final_elapsed_time = None

        updater.connect_trainer(self)
        for ext in extensions or ():
            self.extend(ext)

    @property
    def is_before_training(self):
        """True while no update has been done (``updater.iteration == 0``)."""
        return self.updater.iteration == 0

    @property
    def elapsed_time(self):
        """Seconds of training so far, including the time before a resume.

        Raises:
            RuntimeError: The training has not started.
        """
        if self._done:
            return self._final_elapsed_time
        if self._start_at is None:
            raise RuntimeError('training has not been started yet')
        return _get_time() - self._start_at + self._snapshot_elapsed_time

    def extend(self, extension, name=None, trigger=None, priority=None, *,
               call_before_training=False, **kwargs):
        """Registers an extension.

        Args:
            extension: The extension: a callable ``extension(trainer)``, or the name of an
                extension of :mod:`chainer.training.extensions` (a built-in one or a
                third-party plugin), which is then built with ``**kwargs``.
            name (str): Name of the extension; defaults to its ``name``, ``default_name`` or
                ``__name__``. A name already taken gets a suffix ``_1``, ``_2``, ...
            trigger: When to call it (a trigger or a ``(period, unit)`` pair); defaults to its
                ``trigger`` attribute, else every iteration.
            priority (int): Order among the extensions fired at the same iteration (higher
                first); defaults to its ``priority``, else ``PRIORITY_READER``.
            call_before_training (bool): Also call it once before the first iteration (not
                when the training is resumed).
        """
        if isinstance(extension, str):
            from chainer.training.extensions import _plugins
            extension = _plugins.build(extension, kwargs)
        elif kwargs:
            argument.check_unexpected_kwargs(
                kwargs, invoke_before_training=extension_module._INVOKE_BEFORE_TRAINING_REMOVED)
            argument.assert_kwargs_empty(kwargs)

        if name is None:
            name = getattr(extension, 'name', None)
            if name is None:
                name = getattr(extension, 'default_name', None)
                if name is None:
                    name = getattr(extension, '__name__', None)
                    if name is None:
                        raise TypeError('name is not given for the extension')
        if name == 'training':
            raise ValueError('the name "training" is prohibited as an extension name')
        if trigger is None:
            trigger = getattr(extension, 'trigger', (1, 'iteration'))
        trigger = util.get_trigger(trigger)
        if priority is None:
            priority = getattr(extension, 'priority', extension_module.PRIORITY_READER)

        unique_name = name
        ordinal = 0
        while unique_name in self._extensions:
            ordinal += 1
            unique_name = '{}_{}'.format(name, ordinal)
        extension.name = unique_name
        self._extensions[unique_name] = _ExtensionEntry(
            extension, priority, trigger, call_before_training)

    def get_extension(self, name):
        """Returns the extension registered under ``name`` (``ValueError`` if none)."""
        entry = self._extensions.get(name)
        if entry is None:
            raise ValueError('extension {} not found'.format(name))
        return entry.extension

    def run(self, show_loop_exception_msg=True):
        """Runs the training loop until the stop trigger fires.

        Args:
            show_loop_exception_msg (bool): Print the exception raised in the loop (and in the
                ``on_error`` handlers) to ``sys.stderr``.

        Raises:
            RuntimeError: The loop was already run to its end.
        """
        if self._done:
            raise RuntimeError('cannot run training loop multiple times')
        os.makedirs(self.out, exist_ok=True)

        entries = sorted(self._extensions.values(), key=lambda e: e.priority, reverse=True)
        self._start_at = _get_time()
        # Extensions restoring the trainer's state (snapshot(autoload=True)) initialize
        # first, so that the others initialize from the restored state.
        restoring = [e for e in entries
                     if getattr(e.extension, '_loads_state_on_initialize', False)]
        for entry in restoring + [e for e in entries if e not in restoring]:
            initialize = getattr(entry.extension, 'initialize', None)
            if initialize is not None and not getattr(entry.trigger, 'finished', False):
                initialize(self)

        update = self.updater.update
        reporter = self.reporter
        stop_trigger = self.stop_trigger
        # (extension, trigger) pairs, read once: the loop body touches nothing else
        fired = [(entry.extension, entry.trigger) for entry in entries]
        try:
            # (not again when resumed: as v7, only before the first iteration)
            before = [entry.extension for entry in entries if entry.call_before_training]
            if before and self.is_before_training:
                self.observation = {}
                with reporter.scope(self.observation):
                    for extension in before:
                        extension(self)

            while not stop_trigger(self):
                self.observation = observation = {}
                with reporter.scope(observation):
                    update()
                    for extension, trigger in fired:
                        if trigger(self):
                            extension(self)
        except Exception as e:
            tb = e.__traceback__
            if show_loop_exception_msg:
                _print_traceback('Exception in main training loop', e, tb)
                print('Will finalize trainer extensions and updater before reraising the '
                      'exception.', file=sys.stderr)
            for entry in entries:
                on_error = getattr(entry.extension, 'on_error', None)
                if on_error is None:
                    continue
                try:
                    on_error(self, e, tb)
                except Exception as handler_error:
                    if show_loop_exception_msg:
                        _print_traceback('Exception in error handler', handler_error,
                                         handler_error.__traceback__)
            raise
        finally:
            for entry in entries:
                finalize = getattr(entry.extension, 'finalize', None)
                if finalize is not None:
                    finalize()
            self.updater.finalize()

        self._final_elapsed_time = self.elapsed_time
        self._done = True

    def serialize(self, serializer):
        """Saves or restores the updater, the stop trigger, the extensions, their triggers
        and the elapsed time (keys ``updater/``, ``stop_trigger/``, ``extensions/<name>/``,
        ``extension_triggers/<name>/``, ``_snapshot_elapsed_time``)."""
        self.updater.serialize(serializer['updater'])
        if hasattr(self.stop_trigger, 'serialize'):
            self.stop_trigger.serialize(serializer['stop_trigger'])

        extensions = serializer['extensions']
        triggers = serializer['extension_triggers']
        for name, entry in self._extensions.items():
            if hasattr(entry.extension, 'serialize'):
                entry.extension.serialize(extensions[name])
            if hasattr(entry.trigger, 'serialize'):
                entry.trigger.serialize(triggers[name])

        if isinstance(serializer, serializer_module.Serializer):
            serializer('_snapshot_elapsed_time', self.elapsed_time)
        else:
            self._snapshot_elapsed_time = float(
                serializer('_snapshot_elapsed_time', self._snapshot_elapsed_time))
