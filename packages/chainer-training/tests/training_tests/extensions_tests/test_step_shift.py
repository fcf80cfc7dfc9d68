"""StepShift: init * gamma ** (t // step), stopped at target."""
import numpy
import pytest

from chainer import testing
from chainer.training import extensions


@testing.parameterize(
    {'gamma': 0.5, 'step': 3, 'init': None, 'target': None},
    {'gamma': 0.5, 'step': 3, 'init': 1.0, 'target': 0.3},
    {'gamma': 3.0, 'step': 2, 'init': 0.1, 'target': 0.5},
)
class TestStepShift:

    def expected(self, n):
        init = 0.5 if self.init is None else self.init
        values = [init * self.gamma ** (t // self.step) for t in range(n + 1)]
        if self.target is not None:
            clip = min if self.gamma > 1 else max
            values = [clip(v, self.target) for v in values]
        return values

    def make(self):
        return extensions.StepShift('lr', self.gamma, self.step, self.init, self.target)

    def test_values(self, shift_runner):
        assert shift_runner.values(self.make, 8) == pytest.approx(self.expected(8))

    def test_resume(self, shift_runner):
        assert shift_runner.values(self.make, 8, resume_at=4) == pytest.approx(
            self.expected(8))


def test_values_are_numpy_floats_after_the_first_call(shift_runner):
    # as v7: init * gamma ** floor(t / step) with a NumPy floor, even for int arguments
    values = shift_runner.values(lambda: extensions.StepShift('lr', 2, 2, init=1), 4)
    assert values == [1, 1.0, 2.0, 2.0, 4.0]
    assert type(values[0]) is int
    assert all(type(v) is numpy.float64 for v in values[1:])
