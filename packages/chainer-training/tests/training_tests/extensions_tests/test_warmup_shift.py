"""WarmupShift: a linear warm-up to the initial value."""
import pytest

import chainer
from chainer import testing
from chainer import training

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


def test_v7_rounding_and_start_value(shift_runner):
    # Values recorded from Chainer v7.8.1: warmup_start itself first (an int stays an int),
    # then (start * (n - t) + init * t) / n.
    values = shift_runner.values(lambda: extensions.WarmupShift('lr', 2, 3, 1), 3)
    assert values == [2, 1.6666666666666667, 1.3333333333333333, 1.0]
    assert type(values[0]) is int


def test_leaves_the_value_alone_after_the_warmup(task):
    # As in v7, another schedule can take over once the warm-up is done.
    trainer = testing.get_trainer_with_mock_updater((6, 'iteration'))
    optimizer = chainer.optimizers.MomentumSGD(lr=0.5)
    optimizer.setup(task.model())
    trainer.updater.get_optimizer.return_value = optimizer
    trainer.extend(extensions.StepShift('lr', 0.1, 2, init=0.01), trigger=(1, 'iteration'))
    trainer.extend(extensions.WarmupShift('lr', 0.001, 2, 0.01), trigger=(1, 'iteration'))
    seen = []

    @training.make_extension(trigger=(1, 'iteration'), priority=-1000)
    def record(trainer):
        seen.append(optimizer.lr)

    trainer.extend(record)
    trainer.run()
    # Recorded from v7: the warm-up writes after StepShift until its end, then StepShift rules.
    assert seen == pytest.approx([0.0055, 0.01, 0.001, 0.0001, 0.0001, 0.00001])
