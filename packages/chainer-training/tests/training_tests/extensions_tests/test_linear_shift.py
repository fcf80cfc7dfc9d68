"""LinearShift: a linear ramp between two values over a range of calls."""
import pytest

from chainer.training import extensions


def _make():
    return extensions.LinearShift('lr', (1.0, 0.0), (2, 6))


def test_values(shift_runner):
    assert shift_runner.values(_make, 8) == pytest.approx(
        [1.0, 1.0, 1.0, 0.75, 0.5, 0.25, 0.0, 0.0, 0.0])


def test_resume(shift_runner):
    assert shift_runner.values(_make, 8, resume_at=4) == pytest.approx(
        [1.0, 1.0, 1.0, 0.75, 0.5, 0.25, 0.0, 0.0, 0.0])
