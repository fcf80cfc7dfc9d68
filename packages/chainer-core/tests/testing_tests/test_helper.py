"""chainer.testing.helper: with_requires, without_requires, assert_warns, patch."""
import unittest
import warnings

import pytest

from chainer import testing


def _skip_reason(decorator):
    def f():
        pass
    f = decorator(f)
    if not getattr(f, '__unittest_skip__', False):
        return None
    return f.__unittest_skip_why__


def test_with_and_without_requires():
    assert _skip_reason(testing.with_requires('numpy')) is None
    assert _skip_reason(testing.with_requires('numpy>=1000')) == 'requires: numpy>=1000'
    assert _skip_reason(testing.with_requires('no-such-distribution-xyz', 'numpy')) == (
        'requires: no-such-distribution-xyz,numpy')
    assert _skip_reason(testing.without_requires('numpy')) == 'requires: numpy'
    assert _skip_reason(testing.without_requires('numpy>=1000')) is None


@testing.with_requires('no-such-distribution-xyz')
class TestSkippedClass(unittest.TestCase):

    def test_never_runs(self):
        raise AssertionError('skipped by with_requires')


def test_assert_warns():
    with testing.assert_warns(DeprecationWarning):
        warnings.warn('x', DeprecationWarning)
    with pytest.raises(AssertionError, match='DeprecationWarning not triggerred'):
        with testing.assert_warns(DeprecationWarning):
            warnings.warn('x', UserWarning)


def test_patch():
    from chainer.testing import condition
    with testing.patch('chainer.testing.condition.repeat') as mock:
        mock.return_value = 3
        assert condition.repeat(1) == 3
        assert condition.repeat(1, 2, 3) == 3  # not autospecced, as in v7
    with testing.patch('chainer.testing.condition.repeat', autospec=True):
        with pytest.raises(TypeError):
            condition.repeat(1, 2, 3)


def test_assert_warns_binds_none():
    with testing.assert_warns(UserWarning) as bound:
        warnings.warn('x', UserWarning)
    assert bound is None


def test_patch_wraps_the_patched_object():
    # as v7: calls reach the original unless wraps=None or a return value replaces them
    import os
    with testing.patch('os.path.join') as mock:
        assert os.path.join('a', 'b') == 'a' + os.sep + 'b'
        with pytest.raises(TypeError):
            os.path.join()
    assert mock.call_count == 2
    with testing.patch('os.path.join', wraps=None):
        assert os.path.join('a', 'b') != 'a' + os.sep + 'b'
