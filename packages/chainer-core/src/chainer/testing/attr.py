"""Test attributes (pytest marks): ``gpu``, ``multi_gpu``, ``cudnn``, ``slow``, ``ideep``,
``chainerx``.

Select or deselect them with ``pytest -m``. ``gpu`` and ``multi_gpu`` also skip a test that
needs more GPUs than the environment variable ``CHAINER_TEST_GPU_LIMIT`` allows (when set).
They need pytest; without it :func:`is_available` is False and using a mark raises the error
of :func:`check_available`.
"""
import os
import unittest

try:
    import pytest
    _error = None
except ImportError as e:  # pragma: no cover - pytest is installed with the test tools
    _error = e


def is_available():
    """Returns True if the marks can be used (pytest is importable)."""
    return _error is None


def check_available():
    """Raises :class:`RuntimeError` (with the reason) if the marks cannot be used."""
    if _error is not None:
        raise RuntimeError('{} is not available.\n\nReason: {}: {}'.format(
            __name__, type(_error).__name__, _error))


def get_error():
    """Returns the error that makes the marks unavailable, or None."""
    return _error


def _gpu_limit():
    return int(os.environ.get('CHAINER_TEST_GPU_LIMIT', '-1'))


def _marker(name):
    def mark(*args, **kwargs):
        check_available()
        return getattr(pytest.mark, name)(*args, **kwargs)
    mark.__name__ = mark.__qualname__ = name
    return mark


cudnn = _marker('cudnn')
cudnn.__doc__ = 'Marks a test that needs cuDNN.'
slow = _marker('slow')
slow.__doc__ = 'Marks a slow test.'
ideep = _marker('ideep')
ideep.__doc__ = 'Marks a test that needs iDeep.'
chainerx = _marker('chainerx')
chainerx.__doc__ = 'Marks a test that needs ChainerX.'


def multi_gpu(gpu_num):
    """Marks a test that needs ``gpu_num`` GPUs (it carries the ``gpu`` mark).

    The test is skipped when ``CHAINER_TEST_GPU_LIMIT`` allows fewer GPUs.
    """
    check_available()

    def deco(f):
        limit = _gpu_limit()
        if 0 <= limit < gpu_num:
            f = unittest.skip('{} GPUs required'.format(gpu_num))(f)
        return pytest.mark.gpu(f)
    return deco


def gpu(f):
    """Marks a test that needs a GPU (deselect with ``-m "not gpu"``)."""
    check_available()
    return multi_gpu(1)(f)
