"""EarlyStoppingTrigger: patience, modes, max_trigger, resume."""
import operator
import warnings

import pytest

from chainer import serializers
from chainer import testing
from chainer.training import triggers

LOSSES = [5, 3, 4, 4, 4.5, 4, 5, 6, 2, 1, 1, 1, 1, 1]


def _expected(values, patience, better):
    stops, best, count = [], None, 0
    for value in values:
        if best is None or better(value, best):
            best, count = value, 0
        else:
            count += 1
        stops.append(count >= patience)
    return stops


@testing.parameterize(
    {'mode': 'auto', 'monitor': 'main/loss', 'better': operator.lt},
    {'mode': 'min', 'monitor': 'main/accuracy', 'better': operator.lt},
    {'mode': 'auto', 'monitor': 'validation/main/accuracy', 'better': operator.gt},
    {'mode': 'max', 'monitor': 'main/loss', 'better': operator.gt},
)
class TestEarlyStopping:

    def test_patience(self, observe_trigger):
        trigger = triggers.EarlyStoppingTrigger(
            check_trigger=(1, 'iteration'), monitor=self.monitor, patience=2, mode=self.mode)
        assert observe_trigger(trigger, LOSSES, self.monitor) == _expected(
            LOSSES, 2, self.better)

    def test_resume(self, observe_trigger):
        def make():
            return triggers.EarlyStoppingTrigger(
                check_trigger=(1, 'iteration'), monitor=self.monitor, patience=2,
                mode=self.mode)
        trigger = make()
        trainer = testing.get_trainer_with_mock_updater(iter_per_epoch=2)
        first = observe_trigger(trigger, LOSSES[:6], self.monitor, trainer)
        restored = make()
        restored.serialize(serializers.NpzDeserializer(serializers.npz.serialize(trigger)))
        rest = observe_trigger(restored, LOSSES[6:], self.monitor, trainer)
        assert first + rest == _expected(LOSSES, 2, self.better)


def test_interval_mean_and_max_trigger(observe_trigger):
    trigger = triggers.EarlyStoppingTrigger(patience=1, max_trigger=(5, 'iteration'))
    # epochs of 2 iterations: means 4, 4 (no improvement -> stop at iteration 4)
    assert observe_trigger(trigger, [5, 3, 4, 4], 'main/loss') == [False, False, False, True]
    trigger = triggers.EarlyStoppingTrigger(patience=10, max_trigger=(3, 'iteration'))
    # max_trigger is an interval: it fires at iteration 3 (and 6, ...), not after
    assert observe_trigger(trigger, [3, 2, 1, 0], 'main/loss') == [False, False, True, False]
    assert trigger.get_training_length() == (3, 'iteration')


def test_defaults_and_patients_alias(capsys):
    trigger = triggers.EarlyStoppingTrigger()
    assert (trigger.patience, trigger.monitor, trigger.best) == (3, 'main/loss', float('inf'))
    assert trigger.get_training_length() == (100, 'epoch')
    assert triggers.EarlyStoppingTrigger(patients=5).patience == 5
    with pytest.raises(TypeError, match="Both 'patience' and 'patients'"):
        triggers.EarlyStoppingTrigger(patience=4, patients=5)
    with pytest.raises(TypeError, match="unexpected keyword argument.*'eps'"):
        triggers.EarlyStoppingTrigger(eps=1)
    triggers.EarlyStoppingTrigger(monitor='main/accuracy', verbose=True)
    assert capsys.readouterr().out == 'early stopping: operator is greater\n'


def test_verbose_stop_message(capsys, observe_trigger):
    trigger = triggers.EarlyStoppingTrigger(
        check_trigger=(1, 'iteration'), patience=1, verbose=True)
    observe_trigger(trigger, [1, 2], 'main/loss')
    assert capsys.readouterr().out.splitlines() == [
        'early stopping: operator is less', 'Epoch 1: early stopping']


def test_missing_monitor_warns_once(observe_trigger):
    trigger = triggers.EarlyStoppingTrigger(check_trigger=(1, 'iteration'))
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter('always')
        assert observe_trigger(trigger, [1, 2, 3], 'other') == [False] * 3
    assert [str(w.message) for w in record] == ['main/loss is not in observation']


def test_v7_snapshot_without_state_loads_silently():
    # v7's trigger has no state: resuming from a v7 snapshot warns of nothing (as in v7)
    trigger = triggers.EarlyStoppingTrigger()
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        trigger.serialize(serializers.NpzDeserializer({}))
    assert trigger.count == 0
