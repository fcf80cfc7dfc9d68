"""Small test helpers: :func:`with_requires`, :func:`patch`, :func:`assert_warns`."""
import contextlib
import importlib.metadata
import unittest.mock
import warnings

import pytest


def _installed(requirement):
    """Returns True if the distribution named by ``requirement`` (a PEP 508 string) is
    installed in a version that satisfies it."""
    try:
        from packaging.requirements import Requirement
    except ImportError:  # pragma: no cover - a bare environment: pip's vendored copy
        from pip._vendor.packaging.requirements import Requirement
    req = Requirement(requirement)
    try:
        version = importlib.metadata.version(req.name)
    except importlib.metadata.PackageNotFoundError:
        return False
    return req.specifier.contains(version, prereleases=True)


def with_requires(*requirements):
    """Runs the test only if the given distributions are installed (else it is skipped).

    Args:
        requirements: Requirement strings such as ``'scipy'`` or ``'numpy>=1.26'``.
    """
    missing = [r for r in requirements if not _installed(r)]
    return pytest.mark.skipif(bool(missing), reason='requires %s' % ', '.join(missing))


def without_requires(*requirements):
    """Runs the test only if the given requirements are NOT all satisfied (else it is skipped).

    Args:
        requirements: Requirement strings such as ``'scipy'`` or ``'numpy>=1.26'``.
    """
    satisfied = all(_installed(r) for r in requirements)
    return pytest.mark.skipif(
        satisfied, reason='requires that %s is not installed' % ', '.join(requirements))


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
