"""InverseShift: init * (1 + gamma * t) ** -power, stopped at target."""
import pytest

from chainer import testing
from chainer.training import extensions


@testing.parameterize(
    {'gamma': 0.5, 'power': 2.0, 'init': None, 'target': None},
    {'gamma': 0.5, 'power': 2.0, 'init': 1.0, 'target': 0.2},
    {'gamma': 1.0, 'power': -1.0, 'init': 0.1, 'target': 0.35},
)
class TestInverseShift:

    def expected(self, n):
        init = 0.5 if self.init is None else self.init
        values = [init * (1 + self.gamma * t) ** -self.power for t in range(n + 1)]
        if self.target is not None:
            clip = min if self.power < 0 else max
            values = [clip(v, self.target) for v in values]
        return values

    def make(self):
        return extensions.InverseShift('lr', self.gamma, self.power, self.init, self.target)

    def test_values(self, shift_runner):
        assert shift_runner.values(self.make, 6) == pytest.approx(self.expected(6))

    def test_resume(self, shift_runner):
        assert shift_runner.values(self.make, 6, resume_at=2) == pytest.approx(
            self.expected(6))


def test_negative_gamma():
    with pytest.raises(ValueError, match='negative gamma'):
        extensions.InverseShift('lr', -1, 1)
