"""A Trainer with a mock updater, for testing extensions: :func:`get_trainer_with_mock_updater`."""
from unittest import mock


def get_trainer_with_mock_updater(stop_trigger=(10, 'iteration'), iter_per_epoch=10,
                                  extensions=None):
    """Returns a :class:`~chainer.training.Trainer` whose updater only counts iterations.

    Args:
        stop_trigger: Stop trigger of the trainer.
        iter_per_epoch (int): Iterations per epoch of the mock updater.
        extensions (list): Extensions to register.
    """
    from chainer import training
    updater = mock.Mock()
    updater.get_all_optimizers.return_value = {}
    updater.iteration = 0
    updater.epoch = 0
    updater.epoch_detail = 0
    updater.is_new_epoch = True
    updater.previous_epoch_detail = None

    def update():
        updater.update_core()
        updater.iteration += 1
        updater.epoch = updater.iteration // iter_per_epoch
        updater.epoch_detail = updater.iteration / iter_per_epoch
        updater.is_new_epoch = (updater.iteration - 1) // iter_per_epoch != updater.epoch
        updater.previous_epoch_detail = (updater.iteration - 1) / iter_per_epoch

    updater.update = update
    trainer = training.Trainer(updater, stop_trigger, extensions=extensions)
    return trainer
