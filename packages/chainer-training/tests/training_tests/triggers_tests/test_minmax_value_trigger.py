"""BestValueTrigger, MaxValueTrigger, MinValueTrigger."""
import numpy
import pytest

import chainer
from chainer import serializers
from chainer import testing
from chainer.training import triggers

VALUES = [5, 3, 4, 1, 2, 2, 0.5, 7, 1, 1]


def _expected(values, interval, better):
    # Means over each interval; fire when the mean is better than every earlier mean.
    fired, best = [], None
    for i in range(1, len(values) + 1):
        if i % interval:
            fired.append(False)
            continue
        mean = numpy.mean(values[i - interval:i])
        fire = best is None or better(mean, best)
        best = mean if fire else best
        fired.append(fire)
    return fired


@testing.parameterize(*testing.product({
    'interval': [1, 2],
    'kind': ['max', 'min'],
}))
class TestMinMaxValueTrigger:

    def _make(self):
        unit_trigger = (self.interval, 'iteration')
        if self.kind == 'max':
            return triggers.MaxValueTrigger('k', unit_trigger), lambda a, b: a > b
        return triggers.MinValueTrigger('k', unit_trigger), lambda a, b: a < b

    def test_fires_on_new_best_mean(self, observe_trigger):
        trigger, better = self._make()
        assert observe_trigger(trigger, VALUES, 'k') == _expected(VALUES, self.interval, better)

    def test_resume(self, observe_trigger):
        trigger, better = self._make()
        first = observe_trigger(trigger, VALUES[:5], 'k')
        restored, _ = self._make()
        restored.serialize(serializers.NpzDeserializer(serializers.npz.serialize(trigger)))
        trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=2)
        for _ in VALUES[:5]:
            trainer.updater.update()
        rest = observe_trigger(restored, VALUES[5:], 'k', trainer)
        assert first + rest == _expected(VALUES, self.interval, better)


def test_best_value_trigger_with_compare_and_variables(observe_trigger):
    trigger = triggers.BestValueTrigger('k', lambda best, new: new < best)
    values = [chainer.Variable(numpy.array(v, numpy.float32)) for v in (4, 2, 3, 3, 1, 5)]
    # one epoch = 2 iterations: means 3, 3, 3 -> fires only at the first comparison
    assert observe_trigger(trigger, values, 'k') == [False, True, False, False, False, False]


def test_missing_key_over_an_interval(observe_trigger):
    trigger = triggers.MaxValueTrigger('k', (1, 'iteration'))
    with pytest.raises(KeyError):
        observe_trigger(trigger, [1.0], 'other')


def test_serialized_keys(observe_trigger):
    trigger = triggers.MaxValueTrigger('k', (1, 'iteration'))
    observe_trigger(trigger, [1.0, 2.0], 'k')
    saved = serializers.npz.serialize(trigger)
    assert set(saved) == {'interval_trigger/previous_iteration',
                          'interval_trigger/previous_epoch_detail', 'summary/_names',
                          'best_value'}
    assert saved['best_value'] == 2.0
