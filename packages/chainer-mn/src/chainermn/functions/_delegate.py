"""Delegate variables: the empty variables that stand for a communication in the graph.

A function that sends data returns an empty variable of shape ``(0,)`` (float32; of the dtype
of the input for ``gather`` at the processes other than its root, as v7). Calling its
``backward()`` (or connecting it to a later computation with ``recv`` or ``pseudo_connect``)
runs the backward of the communication, which receives the gradient from the peer. Its
gradient is an empty array too, set beforehand, so that ``backward()`` starts from it.
"""
import numpy

import chainer
from chainer import backend


def empty(xp, dtype=numpy.float32):
    """The array of a delegate variable (or of its gradient)."""
    return xp.empty((0,), dtype=dtype)


def dummy_input():
    """A delegate used as an input that requires a gradient, so that the graph is recorded."""
    return chainer.Variable(empty(numpy))


def prepared(var):
    """Sets the (empty) gradient of the delegate output ``var`` and returns it."""
    var.grad = empty(var.xp, var.dtype)
    return var


def xp_of(array):
    return backend.get_array_module(array)


def grad_arrays(grad_outputs, templates):
    """The arrays of the gradient variables ``grad_outputs``, each missing one (``None``)
    replaced by zeros shaped like its ``(shape, dtype, xp)`` template."""
    return tuple(xp.zeros(shape, dtype) if g is None else g.array
                 for g, (shape, dtype, xp) in zip(grad_outputs, templates))


def template(array):
    """``(shape, dtype, xp)`` of an array, to make its zero gradient later."""
    return array.shape, array.dtype, xp_of(array)


def zero_grad(template):
    """The gradient a function gives its delegate input: zeros shaped like it (empty for a
    delegate variable; any variable can stand in for one, as in ChainerMN)."""
    shape, dtype, xp = template
    return chainer.Variable(xp.zeros(shape, dtype))
