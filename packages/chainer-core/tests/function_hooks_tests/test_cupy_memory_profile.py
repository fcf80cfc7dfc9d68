"""chainer.function_hooks.cupy_memory_profile (without a GPU here)."""
import pytest

import chainer
from chainer.function_hooks import cupy_memory_profile


def test_cupy_memory_cumulative_hook_is_a_class():
    assert isinstance(cupy_memory_profile.CupyMemoryCumulativeHook, type)
    if not chainer.backends.cuda.available:
        with pytest.raises(RuntimeError, match='CuPy'):
            cupy_memory_profile.CupyMemoryCumulativeHook()


def test_memory_hook_available_flag_as_v7():
    assert cupy_memory_profile.memory_hook_available is chainer.backends.cuda.available
