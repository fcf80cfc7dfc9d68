"""Fixed random seeds for tests: :func:`fix_random`, :func:`do_setup`, :func:`do_teardown`.

The generators are seeded with a fixed seed (100, as in v7), or from the OS entropy when
the environment variable ``CHAINER_TEST_RANDOM_NONDETERMINISTIC`` is ``1``.
"""
import functools
import os
import random

import numpy

from chainer.testing import _bundle

_SEED = 100

# states saved by do_setup, restored by do_teardown (nested setups stack)
_saved_states = []


def _deterministic():
    return os.environ.get('CHAINER_TEST_RANDOM_NONDETERMINISTIC', '0') != '1'


def _cupy_random():
    from chainer.backends import cuda
    cupy = cuda._cupy_if_imported()
    return None if cupy is None else cupy.random


def do_setup(deterministic=True):
    """Saves the states of the random generators and seeds them.

    ``numpy.random``, Python's :mod:`random` (and ``cupy.random`` when CuPy is in use) are
    seeded with a fixed seed when ``deterministic`` is True, else from the OS entropy. Pair
    each call with :func:`do_teardown`; calls nest.
    """
    _saved_states.append((random.getstate(), numpy.random.get_state()))
    seed = _SEED if deterministic else None
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
    """Returns a seed drawn from the fixed ``numpy.random`` state (inside :func:`fix_random`).

    Use it to seed other generators reproducibly.
    """
    if not _saved_states:
        raise AssertionError('random is not set up')
    return int(numpy.random.randint(0xffffffff))


def _seeded(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        do_setup(_deterministic())
        try:
            return func(*args, **kwargs)
        finally:
            do_teardown()
    return wrapper


def _fix_class(klass, setup_method, teardown_method):
    original_setup = getattr(klass, setup_method, None)
    original_teardown = getattr(klass, teardown_method, None)

    def setup(self, *args, **kwargs):
        do_setup(_deterministic())
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

    setattr(klass, setup_method, setup)
    setattr(klass, teardown_method, teardown)


def fix_random(*, setup_method='setUp', teardown_method='tearDown'):
    """Decorator that seeds the random generators with a fixed seed for each test.

    Applied to a test class (or to the classes that :func:`chainer.testing.parameterize`
    generated), the seed is set before ``setup_method`` and the previous random state is
    restored after ``teardown_method``; applied to a function, around the call.
    """
    def decorator(target):
        if isinstance(target, _bundle._ParameterizedTestCaseBundle):
            for case in target.cases:
                _fix_class(case.klass, setup_method, teardown_method)
            return target
        if isinstance(target, type):
            _fix_class(target, setup_method, teardown_method)
            return target
        return _seeded(target)
    return decorator
