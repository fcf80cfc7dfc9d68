"""Small test helpers: :func:`with_requires`, :func:`patch`, :func:`assert_warns`."""
import contextlib
import importlib.metadata
import pkgutil
import unittest
import unittest.mock
import warnings


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
    satisfied = all(_installed(r) for r in requirements)
    return unittest.skipIf(not satisfied, 'requires: {}'.format(','.join(requirements)))


def without_requires(*requirements):
    """Runs the test only if the given requirements are NOT all satisfied (else it is skipped).

    Args:
        requirements: Requirement strings such as ``'scipy'`` or ``'numpy>=1.26'``.
    """
    satisfied = all(_installed(r) for r in requirements)
    return unittest.skipIf(satisfied, 'requires: {}'.format(','.join(requirements)))


def patch(target, *args, **kwargs):
    """``unittest.mock.patch`` whose mock wraps the patched object by default (as v7).

    Calls reach the original object (and are recorded) unless ``wraps`` is given (``None``
    for a plain mock) or a ``return_value``/``side_effect`` replaces them. Unbound methods
    cannot be wrapped.

    Args:
        target (str): Full name of the object to patch.
        args, kwargs: Passed to :func:`unittest.mock.patch`.
    """
    if 'wraps' not in kwargs:
        kwargs['wraps'] = pkgutil.resolve_name(target)
    return unittest.mock.patch(target, *args, **kwargs)


@contextlib.contextmanager
def assert_warns(expected):
    """Context manager asserting that a warning of class ``expected`` is emitted.

    As in v7, ``with assert_warns(...) as w`` binds None.
    """
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield
    if not any(issubclass(w.category, expected) for w in caught):
        # (v7's wording)
        raise AssertionError('%s not triggerred' % expected.__name__)
