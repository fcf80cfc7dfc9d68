"""The ``chainerx`` module namespace: availability, dtypes and the builtin aliases of v7."""
import builtins

import numpy
import pytest

import chainerx


def test_is_available():
    assert chainerx.is_available() is True


def test_newaxis_is_none():
    assert chainerx.newaxis is None
    assert chainerx.ones((2,))[chainerx.newaxis].shape == (1, 2)


@pytest.mark.parametrize('name', ['bool', 'int', 'float'])
def test_builtin_aliases(name):
    # v7's chainerx module re-exports these builtins; as dtypes they mean what NumPy says
    assert getattr(chainerx, name) is getattr(builtins, name)
    assert chainerx.zeros((1,), getattr(chainerx, name)).dtype == numpy.dtype(
        getattr(builtins, name))


def test_dtypes_are_numpy_types():
    assert chainerx.all_dtypes == (numpy.bool_, numpy.int8, numpy.int16, numpy.int32,
                                   numpy.int64, numpy.uint8, numpy.float16, numpy.float32,
                                   numpy.float64)
    assert chainerx.float32 is numpy.float32 and chainerx.dtype is numpy.dtype
    assert chainerx.float32(0.5) == 0.5
    assert chainerx.ones((1,), chainerx.int8).dtype == chainerx.int8
