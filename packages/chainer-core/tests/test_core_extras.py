"""Small chainer-core modules: _version, types, warnings, gradient_check.assert_allclose."""
import numpy
import pytest

import chainer
from chainer import _version
from chainer import gradient_check
from chainer import initializers
from chainer import types


def test_version_module():
    assert _version.__version__ == chainer.__version__


def test_abstract_initializer_protocol():
    assert isinstance(initializers.Constant(1.), types.AbstractInitializer)
    assert isinstance(initializers.Normal(), types.AbstractInitializer)
    assert not isinstance(3, types.AbstractInitializer)
    assert types.Shape.__origin__ is tuple


def test_gradient_check_assert_allclose_is_deprecated():
    with pytest.warns(DeprecationWarning):
        gradient_check.assert_allclose(numpy.ones(2), numpy.ones(2))
    with pytest.warns(DeprecationWarning):
        with pytest.raises(AssertionError):
            gradient_check.assert_allclose(numpy.ones(2), numpy.zeros(2))


def test_cupy_memory_cumulative_hook_is_a_class():
    from chainer.function_hooks import cupy_memory_profile
    assert isinstance(cupy_memory_profile.CupyMemoryCumulativeHook, type)
    if not chainer.backends.cuda.available:
        with pytest.raises(RuntimeError, match='CuPy'):
            cupy_memory_profile.CupyMemoryCumulativeHook()
