"""OnceTrigger: fires at the first call (and after a resume with call_on_resume)."""
from chainer import serializers
from chainer import testing
from chainer.training import triggers


def _pattern(trigger, trainer, n):
    return [trigger(trainer) for _ in range(n)]


def test_fires_once():
    trainer = testing.get_trainer_with_mock_updater()
    trigger = triggers.OnceTrigger()
    assert not trigger.finished
    assert _pattern(trigger, trainer, 3) == [True, False, False]
    assert trigger.finished


def test_resume():
    trainer = testing.get_trainer_with_mock_updater()
    trigger = triggers.OnceTrigger()
    _pattern(trigger, trainer, 2)
    saved = serializers.npz.serialize(trigger)
    assert saved == {'_flag_first': False}

    again = triggers.OnceTrigger(call_on_resume=True)
    again.serialize(serializers.NpzDeserializer(saved))
    assert not again.finished
    assert _pattern(again, trainer, 2) == [True, False]

    not_again = triggers.OnceTrigger()
    not_again.serialize(serializers.NpzDeserializer(saved))
    assert not_again.finished
    assert _pattern(not_again, trainer, 2) == [False, False]


def test_trainer_runs_it_once():
    calls = []
    trainer = testing.get_trainer_with_mock_updater((4, 'iteration'))
    trainer.extend(lambda t: calls.append(t.updater.iteration), name='once',
                   trigger=triggers.OnceTrigger())
    trainer.run()
    assert calls == [1]
