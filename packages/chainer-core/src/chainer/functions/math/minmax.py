"""Reductions selecting elements: max, min, argmax, argmin."""
import numpy

from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math import _reduction
from chainer.utils import type_check


class SelectorBase(function_node.FunctionNode):
    """Base of :class:`Max` and :class:`Min`: reduces by selecting one element per output.

    The gradient flows to every input element equal to the selected value.
    """

    def __init__(self, axis=None, keepdims=False):
        self.axis = _reduction.normalize_axis(axis)
        self.keepdims = keepdims

    def _fwd(self, x, xp):
        raise NotImplementedError()

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        _reduction.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(self._fwd(x, xp)),

    def backward(self, indexes, grad_outputs):
        return _selector_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _selector_backward(self, indexes, grad_outputs)


def _selector_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of max/min: the output gradient, broadcast back, at the selected
    elements (every element equal to the result), zero elsewhere."""
    x = node.inputs[0].data
    y = node._retained_output_data[0]
    gy, = grad_outputs
    kshape = _reduction.keepdims_shape(x.shape, node.axis)
    cond = _selected_mask(x, y, kshape, gy.dtype)
    return ops.broadcast_to(ops.reshape(gy, kshape), x.shape) * cond,


def _selected_mask(x, y, kshape, dtype):
    # 1 where an element of ``x`` equals its selected value ``y`` (reduced shape), else 0
    return (x == y.reshape(kshape)).astype(dtype)


class Max(SelectorBase):
    """Maximum of array elements over given axes."""

    def _fwd(self, x, xp):
        return xp.amax(x, axis=self.axis, keepdims=self.keepdims)


class Min(SelectorBase):
    """Minimum of array elements over given axes."""

    def _fwd(self, x, xp):
        return xp.amin(x, axis=self.axis, keepdims=self.keepdims)


class IndexSelectorBase(function_node.FunctionNode):
    """Base of :class:`ArgMax` and :class:`ArgMin` (int32 output, not differentiable)."""

    def __init__(self, axis=None):
        axis = _reduction.normalize_axis(axis, allow_tuple=False)
        self.axis = None if axis is None else axis[0]

    def _fwd(self, x, xp):
        raise NotImplementedError()

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        if self.axis is not None:
            _reduction.expect_axis(in_types[0], (self.axis,))

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        return utils.force_array(self._fwd(x, xp), numpy.int32),

    def backward(self, indexes, grad_outputs):
        return None,


class ArgMax(IndexSelectorBase):
    """Indices of the maximum elements along an axis."""

    def _fwd(self, x, xp):
        return xp.argmax(x, axis=self.axis)


class ArgMin(IndexSelectorBase):
    """Indices of the minimum elements along an axis."""

    def _fwd(self, x, xp):
        return xp.argmin(x, axis=self.axis)


def max(x, axis=None, keepdims=False):  # noqa: A001 - v7 name
    """Largest element of a variable over some axes.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        axis (None, int, or tuple of int): The reduced axes; ``None`` (default) reduces all.
        keepdims (bool): Keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[1, 7, 3], [9, 2, 4]], np.float32)
        >>> F.max(x).array
        array(9., dtype=float32)
        >>> F.max(x, axis=0).array
        array([9., 7., 4.], dtype=float32)
        >>> F.max(x, axis=1, keepdims=True).shape
        (2, 1)
    """
    return Max(axis, keepdims).apply((x,))[0]


def min(x, axis=None, keepdims=False):  # noqa: A001 - v7 name
    """Smallest element of a variable over some axes.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        axis (None, int, or tuple of int): The reduced axes; ``None`` (default) reduces all.
        keepdims (bool): Keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[1, 7, 3], [9, 2, 4]], np.float32)
        >>> F.min(x).array
        array(1., dtype=float32)
        >>> F.min(x, axis=1).array
        array([1., 2.], dtype=float32)
    """
    return Min(axis, keepdims).apply((x,))[0]


def argmax(x, axis=None):
    """Position of the largest element along an axis.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input array (float).
        axis (None or int): Axis along which to search; None searches the flattened array.

    Returns:
        ~chainer.Variable: int32 indices (no gradient flows through this function).

    .. admonition:: Example

        >>> x = np.array([[1, 7, 3], [9, 2, 4]], np.float32)
        >>> F.argmax(x, axis=1).array
        array([1, 0], dtype=int32)
        >>> F.argmax(x).array  # index in the flattened array
        array(3, dtype=int32)
    """
    return ArgMax(axis).apply((x,))[0]


def argmin(x, axis=None):
    """Position of the smallest element along an axis.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input array (float).
        axis (None or int): Axis along which to search; None searches the flattened array.

    Returns:
        ~chainer.Variable: int32 indices (no gradient flows through this function).

    .. admonition:: Example

        >>> x = np.array([[1, 7, 3], [9, 2, 4]], np.float32)
        >>> F.argmin(x, axis=1).array
        array([0, 1], dtype=int32)
        >>> F.argmin(x, axis=0).array
        array([0, 1, 0], dtype=int32)
    """
    return ArgMin(axis).apply((x,))[0]
