"""chainer.testing.get_trainer_with_mock_updater (in chainer-core, usable with
chainer-training installed)."""
from chainer import testing
from chainer import training
from chainer.testing import training as testing_training


def test_mock_updater_progress():
    trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=4)
    updater = trainer.updater
    assert (updater.iteration, updater.epoch, updater.epoch_detail,
            updater.previous_epoch_detail, updater.is_new_epoch) == (0, 0, 0, None, True)
    progress = []
    for _ in range(5):
        updater.update()
        progress.append((updater.iteration, updater.epoch, updater.epoch_detail,
                         updater.previous_epoch_detail, updater.is_new_epoch))
    assert progress == [(1, 0, 0.25, 0.0, False), (2, 0, 0.5, 0.25, False),
                        (3, 0, 0.75, 0.5, False), (4, 1, 1.0, 0.75, True),
                        (5, 1, 1.25, 1.0, False)]
    assert updater.update_core.call_count == 5
    assert updater.get_all_optimizers() == {}


def test_mock_updater_new_epoch_with_a_fractional_epoch_length():
    # as v7: a new epoch whenever the epoch count changes
    trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=2.5)
    updater = trainer.updater
    progress = []
    for _ in range(5):
        updater.update()
        progress.append((updater.epoch, updater.is_new_epoch))
    assert progress == [(0, False), (0, False), (1, True), (1, False), (2, True)]


def test_trainer_defaults_and_run():
    calls = []

    def record(trainer):
        calls.append(trainer)

    trainer = testing.get_trainer_with_mock_updater(extensions=[record])
    assert isinstance(trainer, training.Trainer)
    assert str(trainer.stop_trigger) == "IntervalTrigger(10, 'iteration')"
    assert trainer.out == 'result'
    trainer.run()
    assert calls == [trainer] * 10
    assert trainer.updater.finalize.call_count == 1


def test_mocked_methods_can_be_faked():
    trainer = testing.get_trainer_with_mock_updater((2, 'epoch'), iter_per_epoch=3)
    sentinel = object()
    trainer.updater.get_optimizer.return_value = sentinel
    assert trainer.updater.get_optimizer('main') is sentinel
    trainer.run()
    assert trainer.updater.iteration == 6


def test_availability():
    assert testing_training.is_available()
    assert testing_training.get_error() is None
    testing_training.check_available()
