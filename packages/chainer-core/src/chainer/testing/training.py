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


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10,
                                  extensions=None):
    """Returns a :class:`~chainer.training.Trainer` whose updater only counts iterations.

    The updater is a :class:`unittest.mock.Mock` (so that tests can inspect the calls) whose
    ``update`` calls ``update_core`` and advances the counters of a real updater
    (``iteration``, ``epoch``, ``epoch_detail``, ``previous_epoch_detail``,
    ``is_new_epoch``); it has no optimizer.

    Args:
        stop_trigger: Stop trigger of the trainer.
        iter_per_epoch (int): Iterations per epoch of the mock updater.
        extensions (list): Extensions to register.
    """
    check_available()
    from chainer import training
    updater = mock.Mock()
    updater.get_all_optimizers.return_value = {}
    _set_progress(updater, 0, iter_per_epoch)

    def update():
        updater.update_core()
        _set_progress(updater, updater.iteration + 1, iter_per_epoch)

    updater.update = update
    return training.Trainer(updater, stop_trigger, extensions=extensions)


def _set_progress(updater, iteration, iter_per_epoch):
    # the counters of an updater that has made ``iteration`` updates
    updater.iteration = iteration
    updater.epoch, into_epoch = divmod(iteration, iter_per_epoch)
    updater.epoch_detail = iteration / iter_per_epoch
    updater.previous_epoch_detail = (iteration - 1) / iter_per_epoch if iteration else None
    updater.is_new_epoch = into_epoch == 0
