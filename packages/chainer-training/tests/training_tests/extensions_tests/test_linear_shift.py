"""LinearShift: a linear ramp between two values over a range of calls."""
from unittest import mock

import pytest

from chainer import testing
from chainer.training import extensions


def _make():
    return extensions.LinearShift('lr', (1.0, 0.0), (2, 6))


def test_values(shift_runner):
    assert shift_runner.values(_make, 8) == pytest.approx(
        [1.0, 1.0, 1.0, 0.75, 0.5, 0.25, 0.0, 0.0, 0.0])


def test_resume(shift_runner):
    assert shift_runner.values(_make, 8, resume_at=4) == pytest.approx(
        [1.0, 1.0, 1.0, 0.75, 0.5, 0.25, 0.0, 0.0, 0.0])


def test_rounding_of_v7():
    # value_range[0] + rate * (value_range[1] - value_range[0]), rate the fraction of time
    trainer = testing.get_trainer_with_mock_updater()
    optimizer = mock.Mock(lr=0.0)
    extension = extensions.LinearShift('lr', (0.1, 0.7), (1, 11), optimizer=optimizer)
    extension.initialize(trainer)
    values = []
    for _ in range(10):
        extension(trainer)
        values.append(optimizer.lr)
    # bit-exact, the values v7.8.1 gives
    assert values == [0.1, 0.16, 0.22, 0.28, 0.33999999999999997, 0.4, 0.45999999999999996,
                      0.52, 0.58, 0.64]
