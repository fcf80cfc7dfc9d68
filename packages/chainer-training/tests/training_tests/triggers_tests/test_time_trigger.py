"""TimeTrigger: fires every period of the trainer's elapsed time."""
import types

from chainer import serializers
from chainer.training import triggers


def test_fires_at_most_once_per_call():
    trigger = triggers.TimeTrigger(0.5)
    trainer = types.SimpleNamespace(elapsed_time=0.0)
    fired = []
    for elapsed in (0.0, 0.49, 0.51, 0.7, 1.01, 2.6, 2.6, 2.6, 2.6):
        trainer.elapsed_time = elapsed
        fired.append(trigger(trainer))
    # a long pause (2.6 s) moves the next time by one period per call
    assert fired == [False, False, True, False, True, True, True, True, False]


def test_fires_only_once_the_time_is_exceeded():
    # as v7: reaching the next time exactly does not fire yet
    trigger = triggers.TimeTrigger(1)
    trainer = types.SimpleNamespace()
    fired = []
    for elapsed in (1.0, 1.5, 2.0, 2.0001):
        trainer.elapsed_time = elapsed
        fired.append(trigger(trainer))
    assert fired == [False, True, False, True]


def test_resume():
    trigger = triggers.TimeTrigger(1.0)
    trigger(types.SimpleNamespace(elapsed_time=1.2))
    saved = serializers.npz.serialize(trigger)
    assert saved == {'next_time': 2.0}
    restored = triggers.TimeTrigger(1.0)
    restored.serialize(serializers.NpzDeserializer(saved))
    assert not restored(types.SimpleNamespace(elapsed_time=2.0))
    assert restored(types.SimpleNamespace(elapsed_time=2.1))
