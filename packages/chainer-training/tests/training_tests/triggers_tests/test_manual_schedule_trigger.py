"""ManualScheduleTrigger: firing at given points, finished, resume."""
import pytest

from chainer import serializers
from chainer import testing
from chainer.training import triggers


def _run(trigger, trainer, n):
    fired, finished = [], []
    for _ in range(n):
        trainer.updater.update()
        fired.append(trigger(trainer))
        finished.append(trigger.finished)
    return fired, finished


@testing.parameterize(
    {'points': [3, 5, 5, 9], 'unit': 'iteration', 'fire_at': [3, 5, 9]},
    {'points': 4, 'unit': 'iteration', 'fire_at': [4]},
    {'points': [1, 2.5], 'unit': 'epoch', 'fire_at': [4, 10]},
    {'points': 0.6, 'unit': 'epoch', 'fire_at': [3]},
)
class TestManualScheduleTrigger:

    def test_fires_at_the_points(self):
        trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=4)
        trigger = triggers.ManualScheduleTrigger(self.points, self.unit)
        fired, finished = _run(trigger, trainer, 12)
        assert [i for i, f in enumerate(fired, 1) if f] == self.fire_at
        assert finished == [i >= self.fire_at[-1] for i in range(1, 13)]

    def test_resume(self):
        trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=4)
        trigger = triggers.ManualScheduleTrigger(self.points, self.unit)
        first, _ = _run(trigger, trainer, 4)
        restored = triggers.ManualScheduleTrigger(self.points, self.unit)
        restored.serialize(serializers.NpzDeserializer(serializers.npz.serialize(trigger)))
        assert restored.finished == trigger.finished
        rest, _ = _run(restored, trainer, 8)
        assert [i for i, f in enumerate(first + rest, 1) if f] == self.fire_at


def test_several_points_in_one_step_fire_once():
    trainer = testing.get_trainer_with_mock_updater()
    trigger = triggers.ManualScheduleTrigger([3, 5], 'iteration')
    fired = []
    for iteration in (1, 2, 6, 7):
        trainer.updater.iteration = iteration
        fired.append(trigger(trainer))
    assert fired == [False, False, True, False]
    assert trigger.finished


def test_invalid_unit():
    with pytest.raises(ValueError, match="either 'epoch' or 'iteration'"):
        triggers.ManualScheduleTrigger([1], 'hour')


def test_serialized_keys():
    trigger = triggers.ManualScheduleTrigger([2], 'iteration')
    assert set(serializers.npz.serialize(trigger)) == {
        'previous_iteration', 'previous_epoch_detail', 'finished'}
