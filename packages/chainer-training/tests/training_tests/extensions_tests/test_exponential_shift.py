"""ExponentialShift: init * rate ** t, stopped at target."""
import pytest

from chainer import testing
from chainer import training
from chainer.training import extensions


@testing.parameterize(
    {'rate': 0.5, 'init': None, 'target': None},
    {'rate': 0.5, 'init': 0.8, 'target': 0.1},
    {'rate': 2, 'init': 0.1, 'target': 0.5},
)
class TestExponentialShift:

    def expected(self, n):
        init = 0.5 if self.init is None else self.init  # the optimizer's lr is 0.5
        values = [init * self.rate ** t for t in range(n + 1)]
        if self.target is not None:
            clip = min if self.rate > 1 else max
            values = [clip(v, self.target) for v in values]
        return values

    def make(self):
        return extensions.ExponentialShift('lr', self.rate, self.init, self.target)

    def test_values(self, shift_runner):
        assert shift_runner.values(self.make, 6) == pytest.approx(self.expected(6))

    def test_resume(self, shift_runner):
        assert shift_runner.values(self.make, 6, resume_at=3) == pytest.approx(
            self.expected(6))


def test_defaults_and_errors(task):
    extension = extensions.ExponentialShift('lr', 0.5)
    assert (extension.trigger, extension.priority) == ((1, 'iteration'),
                                                       training.PRIORITY_READER)
    with pytest.raises(ValueError, match='negative rate'):
        extensions.ExponentialShift('lr', -1)


def test_explicit_optimizer_and_attribute(shift_runner):
    optimizer = shift_runner.optimizer()
    extension = extensions.ExponentialShift('momentum', 0.5, optimizer=optimizer)
    trainer = testing.get_trainer_with_mock_updater()
    extension.initialize(trainer)
    extension(trainer)
    assert optimizer.momentum == pytest.approx(0.45)
    trainer.updater.get_optimizer.assert_not_called()


def test_initialize_sets_the_initial_value_as_given(shift_runner):
    # as v7: neither clipped to the target nor converted (an int stays an int)
    values = shift_runner.values(
        lambda: extensions.ExponentialShift('lr', 0.5, init=2, target=4), 2)
    assert values == [2, 4, 4]
    assert type(values[0]) is int


def test_a_loaded_last_value_is_a_python_scalar(shift_runner):
    # as v7: resuming restores the last value as a Python number, not a 0-dim array
    def make():
        return extensions.ExponentialShift('lr', 2, init=1, target=3)

    values = shift_runner.values(make, 3, resume_at=2)
    assert values == [1, 2.0, 3, 3]
    assert type(values[-1]) is int
