"""Small test helpers: :func:`with_requires`, :func:`patch`, :func:`assert_warns`."""
import contextlib
import importlib.metadata
import unittest.mock
import warnings

import pytest


def _installed(requirement):
    name = requirement
    for sep in ('>=', '<=', '==', '>', '<', '!='):
        name = name.split(sep)[0]
    try:
        importlib.metadata.version(name.strip())
        return True
    except importlib.metadata.PackageNotFoundError:
        return False


def with_requires(*requirements):
    """Runs the test only if the given distributions are installed (else it is skipped)."""
    missing = [r for r in requirements if not _installed(r)]
    return pytest.mark.skipif(bool(missing), reason='requires %s' % ', '.join(missing))


def patch(target, *args, **kwargs):
    """``unittest.mock.patch`` with ``autospec=True`` by default."""
    kwargs.setdefault('autospec', True)
    return unittest.mock.patch(target, *args, **kwargs)


@contextlib.contextmanager
def assert_warns(expected):
    """Context manager asserting that a warning of class ``expected`` is emitted."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield caught
    if not any(issubclass(w.category, expected) for w in caught):
        raise AssertionError('%s not triggered' % expected.__name__)
