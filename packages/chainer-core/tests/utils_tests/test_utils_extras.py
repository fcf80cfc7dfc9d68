"""chainer.utils: tempdir, array helpers, cache, meta, nondeterministic, precision, error."""
import collections.abc
import os
import warnings

import numpy
import pytest

import chainer
from chainer import utils
from chainer.utils import _collections
from chainer.utils import array as array_utils
from chainer.utils import cache
from chainer.utils import error
from chainer.utils import meta
from chainer.utils import nondeterministic
from chainer.utils import precision


def test_tempdir():
    with utils.tempdir(prefix='chainer-test-') as path:
        assert os.path.isdir(path) and os.path.basename(path).startswith('chainer-test-')
        with open(os.path.join(path, 'f'), 'w') as f:
            f.write('x')
    assert not os.path.exists(path)


def test_array_helpers():
    assert array_utils.size_of_shape((2, 3, 4)) == 24
    assert array_utils.size_of_shape(()) == 1
    assert utils.size_of_shape is array_utils.size_of_shape
    x = numpy.ones((2, 3), numpy.float16)
    y = array_utils.empty_like(x)
    assert type(y) is numpy.ndarray and y.shape == x.shape and y.dtype == x.dtype
    assert not numpy.shares_memory(x, y)


def test_collections_alias():
    assert _collections.collections_abc is collections.abc


def test_cached_property_per_backprop_mode():
    calls = []

    class A:
        @cache.cached_property
        def value(self):
            """The value."""
            calls.append(chainer.config.enable_backprop)
            return object()

    a = A()
    v1 = a.value
    assert a.value is v1
    with chainer.no_backprop_mode():
        v2 = a.value
        assert a.value is v2
    assert v2 is not v1
    assert a.value is v1
    assert calls == [True, False]
    assert A().value is not v1
    assert isinstance(A.value, cache.cached_property)
    assert A.value.__doc__ == 'The value.'


def test_final():
    base = meta.enable_final()

    class A(base):
        @meta.final
        def f(self):
            return 1

        @meta.final(action=DeprecationWarning)
        def g(self):
            return 2

        def h(self):
            return 3

    with pytest.raises(TypeError, match='final method A.f'):
        class B(A):
            def f(self):
                return 0

    with pytest.warns(DeprecationWarning, match='final method A.g'):
        class C(A):
            def g(self):
                return 0

    class D(A):
        def h(self):
            return 0

    assert D().f() == 1 and D().h() == 0
    with pytest.raises(TypeError):
        meta.final(action=TypeError, unknown=1)


def test_enable_final_with_bases():
    class Meta(type):
        pass

    class Mixin:
        def mixed(self):
            return 'm'

    base = meta.enable_final(Mixin, Meta)
    assert issubclass(base, Mixin) and isinstance(base, Meta)

    class A(base):
        @meta.final
        def f(self):
            pass

    assert A().mixed() == 'm'
    with pytest.raises(TypeError):
        class B(A):
            f = None


def test_nondeterministic():
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        with chainer.using_config('warn_nondeterministic', False):
            nondeterministic.nondeterministic('f')
    with chainer.using_config('warn_nondeterministic', True):
        with pytest.warns(UserWarning, match='Source: scatter_add'):
            nondeterministic.nondeterministic('scatter_add')


def test_fp16_mixed_precision_helper():
    seen = []

    class Node:
        @precision._fp16_mixed_precision_helper
        def forward(self, inputs):
            seen.append(tuple(x.dtype for x in inputs))
            return tuple(x * 2 for x in inputs if x.dtype.kind == 'f')

    half = numpy.ones(2, numpy.float16)
    out = Node().forward((half, numpy.arange(2)))
    assert seen[-1] == (numpy.float32, numpy.arange(2).dtype)
    assert out[0].dtype == numpy.float16
    out = Node().forward((numpy.ones(2, numpy.float32),))
    assert seen[-1] == (numpy.float32,) and out[0].dtype == numpy.float32
    out = Node().forward((half, numpy.ones(2, numpy.float64)))  # mixed: unchanged
    assert seen[-1] == (numpy.float16, numpy.float64)


def test_format_array_props():
    text = error._format_array_props([numpy.zeros((2, 3), numpy.float32), None])
    assert 'numpy.ndarray(shape=(2, 3), dtype=float32)' in text
    assert text.splitlines()[1].strip() == 'None'
    with pytest.raises(TypeError):
        error._format_array_props(numpy.zeros(2))
