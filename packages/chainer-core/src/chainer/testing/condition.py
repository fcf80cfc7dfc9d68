"""Repeated-run decorators for flaky (stochastic) tests."""
import functools
import sys
import traceback
import unittest


class QuietTestRunner:
    """Runs a :class:`unittest.TestSuite` without printing anything; returns the result."""

    def run(self, suite):
        """Runs ``suite`` and returns its :class:`unittest.TestResult`."""
        result = unittest.TestResult()
        suite(result)
        return result


def _run_test_case(case, method_name, func):
    """Runs ``func`` once on a fresh instance of ``case``'s class (with setUp and tearDown).

    Returns ``(outcome, message)`` with outcome ``'success'``, ``'failure'`` or ``'skip'``.
    """
    instance = type(case)(method_name)
    instance._chainer_condition_target = func
    result = QuietTestRunner().run(unittest.TestSuite([instance]))
    if result.skipped:
        return 'skip', result.skipped[0][1]
    problems = result.failures + result.errors
    if problems:
        return 'failure', problems[0][1]
    return 'success', None


def _is_pytest_skip(error):
    # pytest.skip() raises an exception that is not an Exception, which unittest's runner
    # would count as an error.
    outcomes = sys.modules.get('_pytest.outcomes')
    return outcomes is not None and isinstance(error, outcomes.Skipped)


def _run_target(target, args, kwargs):
    try:
        return target(*args, **kwargs)
    except BaseException as e:
        if _is_pytest_skip(e):
            raise unittest.SkipTest(str(e)) from None
        raise


def _run_function(func, args, kwargs):
    try:
        func(*args, **kwargs)
    except unittest.SkipTest as e:
        return 'skip', str(e)
    except Exception:
        return 'failure', traceback.format_exc()
    return 'success', None


def repeat_with_success_at_least(times, min_success):
    """Runs a test ``times`` times and passes if it succeeds at least ``min_success`` times.

    For a :class:`unittest.TestCase` method each run uses a fresh instance, with its
    ``setUp`` and ``tearDown``. A skipped run skips the test. Runs stop as soon as the
    outcome is decided.
    """
    if not 0 <= min_success <= times:
        raise AssertionError('min_success must be between 0 and times, not {} of {}'.format(
            min_success, times))

    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            case = args[0] if args and isinstance(args[0], unittest.TestCase) else None
            target = getattr(case, '_chainer_condition_target', None)
            if target is not None:
                # One of the runs below: the undecorated test itself.
                return _run_target(target, args, kwargs)
            successes = failures = 0
            first_failure = None
            for _ in range(times):
                if successes >= min_success or times - failures < min_success:
                    break
                if case is not None:
                    outcome, message = _run_test_case(case, case._testMethodName, func)
                else:
                    outcome, message = _run_function(func, args, kwargs)
                if outcome == 'skip':
                    raise unittest.SkipTest(message)
                if outcome == 'success':
                    successes += 1
                else:
                    failures += 1
                    first_failure = first_failure or message
            if successes < min_success:
                raise AssertionError(
                    '\nFail: {}, Success: {} (at least {} of {} runs must succeed)\n\n'
                    'The first error message:\n{}'.format(
                        failures, successes, min_success, times, first_failure))
        return wrapper
    return decorator


def repeat(times):
    """Runs a test ``times`` times; every run must succeed."""
    return repeat_with_success_at_least(times, times)


def retry(times):
    """Runs a test up to ``times`` times; one success is enough."""
    return repeat_with_success_at_least(times, 1)
