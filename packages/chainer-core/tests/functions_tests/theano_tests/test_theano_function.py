"""chainer.functions.theano.theano_function with compiled functions shaped as Theano's.

Theano itself is not installed here: the compiled functions are stand-ins with Theano's
calling convention (arrays in, a list of arrays out) and its input descriptions (``indices``).
"""
import types

import numpy
import pytest

import chainer
from chainer import gradient_check
from chainer.functions.theano import theano_function
from chainer.utils import type_check


class _Compiled:
    """A callable with the ``indices`` of a compiled Theano function."""

    def __init__(self, func, input_types):
        self.func = func
        self.indices = [
            (types.SimpleNamespace(variable=types.SimpleNamespace(
                type=types.SimpleNamespace(ndim=ndim, dtype=dtype))),)
            for ndim, dtype in input_types]

    def __call__(self, *args):
        return self.func(*args)


def _functions():
    forward = _Compiled(lambda x, y: [x * y, x + y], [(1, 'float32'), (1, 'float32')])
    backward = _Compiled(lambda x, y, g1, g2: [g1 * y + g2, g1 * x + g2],
                         [(1, 'float32')] * 4)
    return forward, backward


def test_forward_and_backward():
    forward, backward = _functions()
    x = numpy.array([1., 2.], numpy.float32)
    y = numpy.array([3., 4.], numpy.float32)
    z1, z2 = theano_function.theano_function(forward, backward, x, y)
    numpy.testing.assert_allclose(z1.array, x * y)
    numpy.testing.assert_allclose(z2.array, x + y)
    gradient_check.check_backward(
        lambda a, b: theano_function.TheanoFunction(forward, backward)(a, b),
        (x, y), (numpy.ones(2, numpy.float32), numpy.full(2, 0.5, numpy.float32)),
        dtype=numpy.float64, atol=1e-3, rtol=1e-3)


def test_unused_output_gradient():
    forward, backward = _functions()
    x = chainer.Variable(numpy.array([1., 2.], numpy.float32))
    y = chainer.Variable(numpy.array([3., 4.], numpy.float32))
    z1, _ = theano_function.theano_function(forward, backward, x, y)
    chainer.functions.sum(z1).backward()
    numpy.testing.assert_allclose(x.grad, y.array)


def test_type_check():
    forward, backward = _functions()
    with pytest.raises(type_check.InvalidType):
        theano_function.theano_function(
            forward, backward, numpy.ones(2, numpy.float64), numpy.ones(2, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        theano_function.theano_function(forward, backward, numpy.ones(2, numpy.float32))
