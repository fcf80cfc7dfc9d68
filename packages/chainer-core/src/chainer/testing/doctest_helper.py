"""Skipping doctests conditionally (call these in a doctest or its ``testsetup``)."""
import unittest

from chainer.testing import helper


def _skip(reason):
    try:
        import pytest
    except ImportError:  # pragma: no cover
        raise unittest.SkipTest(reason) from None
    pytest.skip(reason)


def skipif(condition):
    """Skips the running doctest if ``condition`` is true."""
    if condition:
        _skip('skipped by doctest_helper.skipif')


def skipif_requires_satisfied(*requirements):
    """Skips the running doctest if all ``requirements`` (e.g. ``'scipy>=1.0'``) are met."""
    if all(helper._installed(r) for r in requirements):
        _skip('requirements are satisfied: {}'.format(', '.join(requirements)))


def skipif_not_enough_cuda_devices(device_count):
    """Skips the running doctest unless at least ``device_count`` CUDA GPUs are usable."""
    from chainer.backends import cuda
    available = 0
    if cuda.available:
        available = cuda.cupy.cuda.runtime.getDeviceCount()
    if available < device_count:
        _skip('{} CUDA device(s) needed, {} available'.format(device_count, available))
