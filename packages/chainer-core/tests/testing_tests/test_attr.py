"""chainer.testing.attr: the marks of v7."""
import unittest
from unittest import mock

import pytest

from chainer.testing import attr
from chainer.testing import unary_math_function_test


def _marks(function):
    return [m.name for m in getattr(function, 'pytestmark', [])]


def test_marks():
    def f():
        pass
    assert _marks(attr.gpu(f)) == ['gpu']

    def g():
        pass
    assert _marks(attr.cudnn(g)) == ['cudnn']

    def h():
        pass
    assert _marks(attr.multi_gpu(2)(h)) == ['gpu']
    for name in ('slow', 'ideep', 'chainerx'):
        def k():
            pass
        assert _marks(getattr(attr, name)(k)) == [name]


def test_gpu_limit(monkeypatch):
    monkeypatch.setenv('CHAINER_TEST_GPU_LIMIT', '1')

    def f():
        pass
    f = attr.multi_gpu(2)(f)
    assert _marks(f) == ['gpu']
    with pytest.raises(unittest.SkipTest, match='2 GPUs required'):
        f()


def test_availability():
    assert attr.is_available() and attr.get_error() is None
    attr.check_available()
    with mock.patch.object(attr, '_error', ImportError('no pytest')):
        assert not attr.is_available()
        with pytest.raises(RuntimeError, match='no pytest'):
            attr.check_available()
        assert not unary_math_function_test.is_available()
        with pytest.raises(RuntimeError, match='no pytest'):
            unary_math_function_test.check_available()
