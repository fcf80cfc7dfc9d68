"""Splitting of a variable into pieces along an axis: :func:`split_axis`."""
import collections.abc

import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


# v7's flag for its NumPy version check: NumPy >= 1.26 splits as Chainer needs.
_numpy_split_ok = True


class SplitAxis(function_node.FunctionNode):
    """Cuts the input along ``axis`` into equal sections or at given split points."""

    def __init__(self, indices_or_sections, axis):
        spec = indices_or_sections
        if isinstance(spec, collections.abc.Iterable):
            spec = [int(p) for p in spec]
            if chainer.is_debug() and any(a > b for a, b in zip(spec, spec[1:])):
                raise ValueError('indices_or_sections must be sorted')
        elif isinstance(spec, (int, numpy.integer)) and not isinstance(spec, bool):
            spec = int(spec)
        else:
            raise TypeError('indices_or_sections must be integer or 1-D array')
        self.indices_or_sections = spec
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(-x_type.ndim <= self.axis, self.axis < x_type.ndim)
        length = x_type.shape[self.axis % type_check.eval(x_type.ndim)]
        spec = self.indices_or_sections
        if isinstance(spec, list):
            if spec:
                last = type_check.make_variable(spec[-1], 'max_index')
                type_check.expect(length >= last)
        else:
            sections = type_check.make_variable(spec, 'sections')
            type_check.expect(sections > 0)
            type_check.expect(length % sections == 0)

    def forward(self, inputs):
        x, = inputs
        self._xp = backend.get_array_module(x)
        pieces = grad_ops.ARRAYS.split_axis(x, self.indices_or_sections, self.axis)
        self._piece_shapes = [p.shape for p in pieces]
        self._dtype = x.dtype
        return tuple(pieces)

    def _filled(self, grad_outputs):
        # pieces without a gradient contribute zeros
        return [self._xp.zeros(shape, self._dtype) if g is None else g
                for g, shape in zip(grad_outputs, self._piece_shapes)]

    def backward(self, indexes, grad_outputs):
        return _split_axis_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _split_axis_back(self, indexes, grad_outputs)


def _split_axis_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of a split: the pieces' gradients joined again (zeros where absent)."""
    return ops.concat(node._filled(grad_outputs), node.axis),


def split_axis(x, indices_or_sections, axis, force_tuple=True):
    """Splits a variable into pieces along an axis.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        indices_or_sections (int or 1-D array): An int ``N`` cuts ``x`` into ``N`` pieces of
            equal length; a sorted sequence gives the split points.
        axis (int): The axis along which ``x`` is cut.
        force_tuple (bool): If ``True`` (default) a tuple is returned even for a single
            piece; otherwise a single piece is returned as a variable.

    Returns:
        tuple of ~chainer.Variable or ~chainer.Variable: The pieces.

    .. admonition:: Example

        >>> x = np.arange(12, dtype=np.float32).reshape(2, 6)
        >>> ys = F.split_axis(x, 3, axis=1)
        >>> [y.shape for y in ys]
        [(2, 2), (2, 2), (2, 2)]
        >>> ys = F.split_axis(x, [1, 4], axis=1)
        >>> [y.shape for y in ys]
        [(2, 1), (2, 3), (2, 2)]
        >>> ys[1].array
        array([[1., 2., 3.],
               [7., 8., 9.]], dtype=float32)
    """
    pieces = SplitAxis(indices_or_sections, axis).apply((x,))
    if len(pieces) == 1 and not force_tuple:
        return pieces[0]
    return pieces
