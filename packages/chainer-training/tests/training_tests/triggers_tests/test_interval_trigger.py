"""IntervalTrigger: firing pattern, resume from a snapshot, old snapshots."""
import math

import pytest

from chainer import serializers
from chainer import testing
from chainer.training import triggers


def _fired(trigger, trainer, n):
    fired = []
    for _ in range(n):
        trainer.updater.update()
        fired.append(trigger(trainer))
    return fired


def _crossings(period, n, iter_per_epoch, unit):
    # True at the updates where a multiple of ``period`` is reached or passed.
    scale = 1 if unit == 'iteration' else 1 / iter_per_epoch
    return [math.floor(i * scale / period + 1e-9) != math.floor((i - 1) * scale / period + 1e-9)
            for i in range(1, n + 1)]


@testing.parameterize(*testing.product({
    'period_unit': [(1, 'iteration'), (3, 'iteration'), (1, 'epoch'), (2, 'epoch'),
                    (0.5, 'epoch'), (1.5, 'epoch')],
    'iter_per_epoch': [2, 5],
}))
class TestIntervalTrigger:

    def test_fires_at_each_multiple(self):
        period, unit = self.period_unit
        trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=self.iter_per_epoch)
        trigger = triggers.IntervalTrigger(period, unit)
        assert _fired(trigger, trainer, 30) == _crossings(
            period, 30, self.iter_per_epoch, unit)

    def test_resumed_trigger_fires_as_the_uninterrupted_one(self):
        period, unit = self.period_unit
        expected = _crossings(period, 30, self.iter_per_epoch, unit)
        trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=self.iter_per_epoch)
        trigger = triggers.IntervalTrigger(period, unit)
        first = _fired(trigger, trainer, 13)
        saved = serializers.npz.serialize(trigger)
        restored = triggers.IntervalTrigger(period, unit)
        restored.serialize(serializers.NpzDeserializer(saved))
        assert first + _fired(restored, trainer, 17) == expected


def test_skipped_iterations_still_fire_once():
    trainer = testing.get_trainer_with_mock_updater()
    trigger = triggers.IntervalTrigger(3, 'iteration')
    updater = trainer.updater
    fired = []
    for iteration in (1, 2, 5, 6, 7, 11, 12):
        updater.iteration = iteration
        fired.append(trigger(trainer))
    assert fired == [False, False, True, True, False, True, True]


def test_attributes_and_str():
    trigger = triggers.IntervalTrigger(2, 'epoch')
    assert (trigger.period, trigger.unit) == (2, 'epoch')
    assert trigger.get_training_length() == (2, 'epoch')
    assert str(trigger) == "IntervalTrigger(2, 'epoch')"
    with pytest.raises(ValueError, match="either 'epoch' or 'iteration'"):
        triggers.IntervalTrigger(1, 'second')


def test_serialized_keys():
    trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=4)
    trigger = triggers.IntervalTrigger(1, 'epoch')
    _fired(trigger, trainer, 6)
    assert serializers.npz.serialize(trigger) == {
        'previous_iteration': 6, 'previous_epoch_detail': 1.5}


def test_snapshot_without_state_warns_and_guesses():
    trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=4)
    for _ in range(3):
        trainer.updater.update()
    trigger = triggers.IntervalTrigger(1, 'epoch')
    with pytest.warns(UserWarning) as record:
        trigger.serialize(serializers.NpzDeserializer({}))
    messages = [str(w.message) for w in record]
    assert any('previous value of iteration is not saved' in m for m in messages)
    assert any('previous value of epoch_detail is not saved' in m for m in messages)
    # the next call guesses the previous progress from the updater
    trainer.updater.update()
    assert trigger(trainer) is True
    trainer.updater.update()
    assert trigger(trainer) is False
