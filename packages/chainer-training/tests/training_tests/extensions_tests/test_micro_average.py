"""MicroAverage: ratio of the sums over an interval."""
from chainer import serializers
from chainer import testing
from chainer.training import extensions


def _results(extension, trainer, n):
    results = []
    for _ in range(n):
        trainer.updater.update()
        i = trainer.updater.iteration
        trainer.observation = {'n': i, 'd': 2 * i + 1}
        extension(trainer)
        results.append(trainer.observation.get('r'))
    return results


def test_ratio_of_sums_per_interval():
    extension = extensions.MicroAverage('n', 'd', 'r', trigger=(3, 'iteration'))
    assert extension.priority == 200
    trainer = testing.get_trainer_with_mock_updater()
    assert _results(extension, trainer, 6) == [
        None, None, (1 + 2 + 3) / (3 + 5 + 7), None, None, (4 + 5 + 6) / (9 + 11 + 13)]


def test_resume():
    extension = extensions.MicroAverage('n', 'd', 'r', trigger=(3, 'iteration'))
    trainer = testing.get_trainer_with_mock_updater()
    _results(extension, trainer, 4)
    restored = extensions.MicroAverage('n', 'd', 'r', trigger=(3, 'iteration'))
    restored.serialize(serializers.NpzDeserializer(serializers.npz.serialize(extension)))
    assert _results(restored, trainer, 2) == [None, (4 + 5 + 6) / (9 + 11 + 13)]
