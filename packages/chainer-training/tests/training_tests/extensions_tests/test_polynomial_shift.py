"""PolynomialShift: init * (1 - t / max_count) ** rate, zero from max_count on."""
import pytest

from chainer import testing
from chainer.training import extensions


@testing.parameterize(
    {'rate': 0.5, 'max_count': 8, 'init': None, 'target': None},
    {'rate': 2.0, 'max_count': 8, 'init': 1.0, 'target': 0.5},
    {'rate': 0.5, 'max_count': 4, 'init': None, 'target': None},
)
class TestPolynomialShift:

    def expected(self, n):
        init = 0.5 if self.init is None else self.init
        values = [init * max(1 - t / self.max_count, 0) ** self.rate for t in range(n + 1)]
        if self.target is not None:
            values = [max(v, self.target) for v in values]
        return values

    def make(self):
        return extensions.PolynomialShift('lr', self.rate, self.max_count, self.init,
                                          self.target)

    def test_values(self, shift_runner):
        assert shift_runner.values(self.make, 9) == pytest.approx(self.expected(9))

    def test_resume(self, shift_runner):
        assert shift_runner.values(self.make, 9, resume_at=3) == pytest.approx(
            self.expected(9))
