"""WarmupShift: a linear warm-up to the initial value."""
import pytest

from chainer.training import extensions


def _make():
    return extensions.WarmupShift('lr', 0.0, 4, 1.0)


def test_values(shift_runner):
    assert shift_runner.values(_make, 6) == pytest.approx(
        [0.0, 0.25, 0.5, 0.75, 1.0, 1.0, 1.0])


@pytest.mark.parametrize('resume_at', [2, 5])
def test_resume(shift_runner, resume_at):
    assert shift_runner.values(_make, 6, resume_at=resume_at) == pytest.approx(
        [0.0, 0.25, 0.5, 0.75, 1.0, 1.0, 1.0])
