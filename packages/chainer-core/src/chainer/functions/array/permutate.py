"""Permutation of a variable along an axis: :func:`permutate`."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.backends import cuda
from chainer.functions._helpers import axes as _axes
from chainer.utils import type_check


def _validate_permutation(indices):
    """Raises ``ValueError`` unless ``indices`` holds each of ``0 .. n - 1`` exactly once."""
    host = numpy.asarray(cuda.to_cpu(indices))
    n = len(host)
    outside = host[(host < 0) | (host >= n)]
    if outside.size:
        raise ValueError('Out of bounds index: {} (expected 0 <= index < {})'.format(
            outside[0], n))
    repeated = numpy.flatnonzero(numpy.bincount(host, minlength=n) > 1)
    if repeated.size:
        raise ValueError('indices contains duplicate value: {}'.format(repeated[0]))


def _inverted(indices):
    """The permutation ``r`` with ``r[indices[k]] == k``."""
    xp = backend.get_array_module(indices)
    inverse = xp.empty_like(indices)
    inverse[indices] = xp.arange(len(indices), dtype=indices.dtype)
    return inverse


class Permutate(function_node.FunctionNode):
    """Reorders the slices along ``axis`` by ``indices`` (or by its inverse if ``inv``)."""

    def __init__(self, indices, axis, inv):
        self.indices = indices
        self.axis = axis
        self.inv = inv

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        _axes.expect_axis(x_type, self.axis)
        type_check.expect(x_type.shape[self.axis] == len(self.indices))

    def forward(self, inputs):
        x, = inputs
        if chainer.is_debug():
            _validate_permutation(self.indices)
        order = _inverted(self.indices) if self.inv else self.indices
        return backend.get_array_module(x).take(x, order, axis=self.axis),

    def backward(self, indexes, grad_outputs):
        # the gradient is permuted back by the inverse permutation
        return Permutate(self.indices, self.axis, not self.inv).apply(grad_outputs)


def permutate(x, indices, axis=0, inv=False):
    """Reorders a variable along an axis by a permutation.

    With ``inv=False`` the output is ``y[k] = x[indices[k]]`` (along ``axis``), i.e.
    ``x.take(indices, axis)``; with ``inv=True`` it is the inverse reordering,
    ``y[indices[k]] = x[k]``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        indices (:class:`~chainer.Variable` or :ref:`ndarray`): 1-D int array holding a
            permutation of ``0 .. x.shape[axis] - 1``.
        axis (int): The axis to reorder.
        inv (bool): Apply the inverse permutation.

    Returns:
        ~chainer.Variable: The reordered variable.

    .. admonition:: Example

        >>> x = np.array([10, 20, 30], np.float32)
        >>> indices = np.array([2, 0, 1], np.int32)
        >>> F.permutate(x, indices).array
        array([30., 10., 20.], dtype=float32)
        >>> F.permutate(x, indices, inv=True).array
        array([20., 30., 10.], dtype=float32)
    """
    if isinstance(indices, chainer.variable.Variable):
        indices = indices.array
    if indices.ndim != 1 or indices.dtype.kind != 'i':
        raise ValueError('indices should be a one-dimensional int array')
    y, = Permutate(indices, axis, inv).apply((x,))
    return y
