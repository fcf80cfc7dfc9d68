"""MultistepShift: init * gamma ** (number of steps reached)."""
import pytest

from chainer.training import extensions


def _make():
    return extensions.MultistepShift('lr', 0.1, [2, 5], 1.0)


def test_values(shift_runner):
    assert shift_runner.values(_make, 7) == pytest.approx(
        [1.0, 1.0, 0.1, 0.1, 0.1, 0.01, 0.01, 0.01])


@pytest.mark.parametrize('resume_at', [1, 3, 6])
def test_resume_sets_the_value_of_the_current_step(shift_runner, resume_at):
    assert shift_runner.values(_make, 7, resume_at=resume_at) == pytest.approx(
        [1.0, 1.0, 0.1, 0.1, 0.1, 0.01, 0.01, 0.01])


def test_initialize_sets_init_as_given(shift_runner):
    values = shift_runner.values(lambda: extensions.MultistepShift('lr', 0.5, [1], 2), 1)
    assert values == [2, 1.0]
    assert type(values[0]) is int  # as v7: not converted
