"""MicroAverage: ratio of the sums over an interval."""
import chainer
from chainer import serializers
from chainer import testing
from chainer.training import extensions


def _results(extension, trainer, n):
    results = []
    for _ in range(n):
        trainer.updater.update()
        i = trainer.updater.iteration
        trainer.observation = {'n': i, 'd': 2 * i + 1}
        with trainer.reporter.scope(trainer.observation):
            extension(trainer)
        results.append(trainer.observation.get('r'))
    return results


def test_ratio_of_sums_per_interval():
    extension = extensions.MicroAverage('n', 'd', 'r', trigger=(3, 'iteration'))
    assert extension.priority == 200
    trainer = testing.get_trainer_with_mock_updater()
    assert _results(extension, trainer, 6) == [
        None, None, (1 + 2 + 3) / (3 + 5 + 7), None, None, (4 + 5 + 6) / (9 + 11 + 13)]


def test_the_result_is_reported_not_written():
    # as v7: outside a reporter scope the result goes nowhere
    extension = extensions.MicroAverage('n', 'd', 'r', trigger=(1, 'iteration'))
    trainer = testing.get_trainer_with_mock_updater()
    trainer.updater.update()
    trainer.observation = {'n': 1, 'd': 2}
    extension(trainer)
    assert trainer.observation == {'n': 1, 'd': 2}
    observation = {}
    trainer.updater.update()
    with chainer.Reporter().scope(observation):
        trainer.observation = {'n': 1, 'd': 2}
        extension(trainer)
    assert observation == {'r': 0.5}


def test_resume():
    extension = extensions.MicroAverage('n', 'd', 'r', trigger=(3, 'iteration'))
    trainer = testing.get_trainer_with_mock_updater()
    _results(extension, trainer, 4)
    saved = serializers.npz.serialize(extension)
    assert sorted(saved) == ['_denominator', '_numerator']  # v7's keys: not the trigger
    restored = extensions.MicroAverage('n', 'd', 'r', trigger=(3, 'iteration'))
    restored.serialize(serializers.NpzDeserializer(saved))
    # the running sums are restored; the fresh trigger fires at once, as v7's does
    assert _results(restored, trainer, 2) == [(4 + 5) / (9 + 11), 6 / 13]
