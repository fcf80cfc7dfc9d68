"""Fixtures of the trigger tests."""
import pytest

from chainer import testing


def _observe_trigger(trigger, values, key, trainer=None):
    # trigger(trainer) after each update of a mock trainer (2 iterations an epoch unless
    # given) that observes the next of values under key
    trainer = trainer or testing.get_trainer_with_mock_updater(iter_per_epoch=2)
    results = []
    for value in values:
        trainer.updater.update()
        trainer.observation = {key: value}
        results.append(trigger(trainer))
    return results


@pytest.fixture
def observe_trigger():
    """``observe_trigger(trigger, values, key, trainer=None)``: the results of ``trigger``
    called after each update of ``trainer`` (a mock trainer of 2 iterations an epoch when
    None) that observes the next of ``values`` under ``key``."""
    return _observe_trigger
