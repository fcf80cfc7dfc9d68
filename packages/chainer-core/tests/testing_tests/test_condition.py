"""chainer.testing.condition: repeat, retry, repeat_with_success_at_least."""
import unittest

import pytest

from chainer.testing import condition


class _Counting(unittest.TestCase):
    # Run by the tests below, not collected.
    __test__ = False
    log = []

    def setUp(self):
        self.log.append('setUp')

    def tearDown(self):
        self.log.append('tearDown')

    @condition.retry(3)
    def test_flaky(self):
        self.log.append('run')
        assert self.log.count('run') >= 2

    @condition.repeat(3)
    def test_stable(self):
        self.log.append('run')

    @condition.repeat_with_success_at_least(4, 2)
    def test_always_fails(self):
        self.log.append('run')
        raise ValueError('boom')

    @condition.retry(2)
    def test_skipped(self):
        self.skipTest('skipped')

    @condition.retry(2)
    def test_pytest_skipped(self):
        pytest.skip('skipped by pytest')


def _run(method):
    _Counting.log = []
    return condition.QuietTestRunner().run(unittest.TestSuite([_Counting(method)]))


def test_retry_runs_until_success_with_fresh_setups():
    assert _run('test_flaky').wasSuccessful()
    # each run has its own setUp and tearDown (inside the outer ones)
    assert _Counting.log == ['setUp', 'setUp', 'run', 'tearDown',
                             'setUp', 'run', 'tearDown', 'tearDown']


def test_repeat_runs_every_time():
    assert _run('test_stable').wasSuccessful()
    assert _Counting.log.count('run') == 3


def test_failure_counts_errors_and_stops_when_decided():
    result = _run('test_always_fails')
    assert len(result.failures) == 1
    assert 'boom' in result.failures[0][1]
    assert _Counting.log.count('run') == 3  # 2 successes of 4 became impossible


def test_skip_skips():
    result = _run('test_skipped')
    assert len(result.skipped) == 1 and result.wasSuccessful()


def test_pytest_skip_skips():
    # as v7: pytest.skip() in a repeated unittest method skips the test
    result = _run('test_pytest_skipped')
    assert result.skipped == [(result.skipped[0][0], 'skipped by pytest')]
    assert result.wasSuccessful()


def test_plain_functions():
    calls = []

    @condition.retry(3)
    def flaky():
        calls.append(1)
        assert len(calls) >= 2
    flaky()
    assert len(calls) == 2

    @condition.repeat(3)
    def sometimes():
        calls.append(1)
        assert len(calls) != 4
    with pytest.raises(AssertionError):
        sometimes()


def test_invalid_counts():
    with pytest.raises(AssertionError):
        condition.repeat_with_success_at_least(2, 3)
