"""Repeated-run decorators for flaky (stochastic) tests."""
import functools
import unittest


def _run_once(func, args, kwargs, first):
    case = args[0] if args and isinstance(args[0], unittest.TestCase) else None
    if case is not None and not first:
        case.tearDown()
        case.setUp()
    func(*args, **kwargs)


def repeat_with_success_at_least(times, min_success):
    """Runs a test ``times`` times and passes if it succeeded at least ``min_success`` times."""
    if not 0 <= min_success <= times:
        raise ValueError('min_success must be between 0 and times')

    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            successes = 0
            failures = []
            for i in range(times):
                if successes >= min_success:
                    break
                if times - i < min_success - successes:
                    break
                try:
                    _run_once(func, args, kwargs, i == 0)
                    successes += 1
                except AssertionError as e:
                    failures.append(e)
            if successes < min_success:
                raise AssertionError(
                    '%d of %d runs succeeded (%d needed); first failure:\n%s'
                    % (successes, times, min_success, failures[0] if failures else ''))
        return wrapper
    return decorator


def repeat(times):
    """Runs a test ``times`` times; every run must succeed."""
    return repeat_with_success_at_least(times, times)


def retry(times):
    """Runs a test up to ``times`` times; one success is enough."""
    return repeat_with_success_at_least(times, 1)


class QuietTestRunner:
    """Runs a :class:`unittest.TestSuite` without printing anything; returns the result."""

    def run(self, suite):
        """Runs ``suite`` and returns its :class:`unittest.TestResult`."""
        result = unittest.TestResult()
        suite(result)
        return result
