"""Fixed random seeds for tests: :func:`fix_random`."""
import functools
import os

import numpy

_DEFAULT_SEED = 0


def _seed():
    return int(os.environ.get('CHAINER_TEST_RANDOM_NONDETERMINISTIC_SEED', _DEFAULT_SEED))


def _wrap(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        state = numpy.random.get_state()
        numpy.random.seed(_seed())
        try:
            return func(*args, **kwargs)
        finally:
            numpy.random.set_state(state)
    return wrapper


def fix_random(*, setup_method='setUp', teardown_method='tearDown'):
    """Decorator that seeds ``numpy.random`` with a fixed seed for each test.

    Applied to a test class, the seed is set before ``setup_method`` and the previous random
    state is restored after ``teardown_method``; applied to a function, around the call.
    """
    def decorator(obj):
        if not isinstance(obj, type):
            return _wrap(obj)
        original_setup = getattr(obj, setup_method, None)
        original_teardown = getattr(obj, teardown_method, None)

        def setup(self, *args, **kwargs):
            self._chainer_random_state = numpy.random.get_state()
            numpy.random.seed(_seed())
            if original_setup is not None:
                original_setup(self, *args, **kwargs)

        def teardown(self, *args, **kwargs):
            try:
                if original_teardown is not None:
                    original_teardown(self, *args, **kwargs)
            finally:
                state = getattr(self, '_chainer_random_state', None)
                if state is not None:
                    numpy.random.set_state(state)

        setattr(obj, setup_method, setup)
        setattr(obj, teardown_method, teardown)
        return obj
    return decorator


