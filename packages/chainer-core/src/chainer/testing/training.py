"""A Trainer with a mock updater, for testing extensions: :func:`get_trainer_with_mock_updater`."""
import importlib.util
from unittest import mock


def get_error():
    """Returns the error that makes this module unusable, or None.

    :func:`get_trainer_with_mock_updater` needs ``chainer.training`` (the chainer-training
    distribution).
    """
    try:
        spec = importlib.util.find_spec('chainer.training')
    except ImportError as e:
        return e
    if spec is None:
        return ImportError('chainer.training is not installed: pip install chainer-training')
    return None


def is_available():
    """Returns True if ``chainer.training`` can be imported."""
    return get_error() is None


def check_available():
    """Raises :class:`RuntimeError` (with the reason) if ``chainer.training`` is missing."""
    error = get_error()
    if error is not None:
        raise RuntimeError('{} is not available.\n\nReason: {}: {}'.format(
            __name__, type(error).__name__, error))


def _counting_updater(iter_per_epoch):
    # A Mock (so that tests may fake or count any method, e.g. ``get_optimizer.return_value``
    # or ``update_core.call_count``) whose update() advances the progress attributes as an
    # iterator of ``iter_per_epoch`` batches per epoch would.
    updater = mock.Mock()
    updater.get_all_optimizers.return_value = {}
    updater.iteration = 0
    updater.epoch = 0
    updater.epoch_detail = 0
    updater.previous_epoch_detail = None
    updater.is_new_epoch = True

    def update():
        updater.update_core()
        previous = updater.iteration
        updater.iteration = current = previous + 1
        updater.previous_epoch_detail = previous / iter_per_epoch
        updater.epoch_detail = current / iter_per_epoch
        updater.epoch = current // iter_per_epoch
        # a new epoch when the epoch count changed (as v7, also for a fractional
        # iter_per_epoch)
        updater.is_new_epoch = updater.epoch != previous // iter_per_epoch

    updater.update = update
    return updater


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10,
                                  extensions=None):
    """Returns a :class:`~chainer.training.Trainer` whose updater only counts iterations.

    The updater is a :class:`unittest.mock.Mock`: ``update()`` calls ``update_core()`` and
    advances ``iteration``, ``epoch``, ``epoch_detail``, ``previous_epoch_detail`` and
    ``is_new_epoch``; ``get_all_optimizers()`` returns ``{}``; set e.g.
    ``trainer.updater.get_optimizer.return_value`` to give an extension an optimizer.

    Args:
        stop_trigger: Stop trigger of the trainer.
        iter_per_epoch (int): Iterations per epoch of the mock updater.
        extensions (list): Extensions to register.
    """
    check_available()
    from chainer import training
    return training.Trainer(_counting_updater(iter_per_epoch), stop_trigger,
                            extensions=extensions)
