"""Fixed random seeds for tests: :func:`fix_random`, :func:`do_setup`, :func:`do_teardown`."""
import functools
import os
import random

import numpy

_DEFAULT_SEED = 0

# states saved by do_setup, restored by do_teardown (nested setups stack)
_saved_states = []


def _seed():
    return int(os.environ.get('CHAINER_TEST_RANDOM_NONDETERMINISTIC_SEED', _DEFAULT_SEED))


def _cupy_random():
    from chainer.backends import cuda
    cupy = cuda._cupy_if_imported()
    return None if cupy is None else cupy.random


def do_setup(deterministic=True):
    """Saves the states of the random generators and seeds them.

    Python's :mod:`random`, ``numpy.random`` (and ``cupy.random`` when CuPy is in use) are
    seeded with a fixed seed (``CHAINER_TEST_RANDOM_NONDETERMINISTIC_SEED``, default 0) when
    ``deterministic`` is True, else from the OS entropy. Pair each call with
    :func:`do_teardown`; calls nest.
    """
    _saved_states.append((random.getstate(), numpy.random.get_state()))
    seed = _seed() if deterministic else None
    random.seed(seed)
    numpy.random.seed(seed)
    cupy_random = _cupy_random()
    if cupy_random is not None:
        cupy_random.seed(seed)


def do_teardown():
    """Restores the random states saved by the matching :func:`do_setup`."""
    if not _saved_states:
        raise RuntimeError('do_teardown called without do_setup')
    python_state, numpy_state = _saved_states.pop()
    random.setstate(python_state)
    numpy.random.set_state(numpy_state)


def generate_seed():
    """Returns a seed drawn from the fixed ``numpy.random`` state (only inside do_setup)."""
    if not _saved_states:
        raise RuntimeError('random is not set up: call do_setup (or use fix_random) first')
    return int(numpy.random.randint(0xffffffff))


def _wrap(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        do_setup()
        try:
            return func(*args, **kwargs)
        finally:
            do_teardown()
    return wrapper


def fix_random(*, setup_method='setUp', teardown_method='tearDown'):
    """Decorator that seeds the random generators with a fixed seed for each test.

    Applied to a test class, the seed is set before ``setup_method`` and the previous random
    state is restored after ``teardown_method``; applied to a function, around the call.
    """
    def decorator(obj):
        if not isinstance(obj, type):
            return _wrap(obj)
        original_setup = getattr(obj, setup_method, None)
        original_teardown = getattr(obj, teardown_method, None)

        def setup(self, *args, **kwargs):
            do_setup()
            self._chainer_random_setup = True
            if original_setup is not None:
                try:
                    original_setup(self, *args, **kwargs)
                except BaseException:
                    # tearDown is not called when setUp fails
                    del self._chainer_random_setup
                    do_teardown()
                    raise

        def teardown(self, *args, **kwargs):
            try:
                if original_teardown is not None:
                    original_teardown(self, *args, **kwargs)
            finally:
                if self.__dict__.pop('_chainer_random_setup', False):
                    do_teardown()

        setattr(obj, setup_method, setup)
        setattr(obj, teardown_method, teardown)
        return obj
    return decorator
