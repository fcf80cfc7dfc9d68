"""Test attributes (pytest marks): ``gpu``, ``cudnn``, ``slow``, ``multi_gpu``, ``ideep``."""
import pytest

gpu = pytest.mark.gpu
"""Marks a test that needs a GPU (deselected with ``-m "not gpu"``)."""

slow = pytest.mark.slow
"""Marks a slow test."""

ideep = pytest.mark.ideep
"""Marks a test that needs iDeep."""


def cudnn(func):
    """Marks a test that needs cuDNN (implies :data:`gpu`)."""
    return pytest.mark.gpu(pytest.mark.cudnn(func))


def multi_gpu(gpu_num):
    """Marks a test that needs ``gpu_num`` GPUs (implies :data:`gpu`)."""
    def decorator(func):
        return pytest.mark.gpu(pytest.mark.multi_gpu(gpu_num)(func))
    return decorator


def chainerx(func):
    """Marks a test that needs ChainerX."""
    return pytest.mark.chainerx(func)
