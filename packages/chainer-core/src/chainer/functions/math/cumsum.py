"""Cumulative sum along an axis."""
import chainer
from chainer import backend, function_node, utils
from chainer.functions.math import _reduction
from chainer.utils import type_check


def _flip(x, axis):
    """Reverses the Variable ``x`` along ``axis`` (non-negative) through ``get_item``."""
    return chainer.functions.get_item(x, (slice(None),) * axis + (slice(None, None, -1),))


class Cumsum(function_node.FunctionNode):
    """Cumulative sum of array elements over a given axis."""

    def __init__(self, axis=None):
        axis = _reduction.normalize_axis(axis, allow_tuple=False)
        self.axis = None if axis is None else axis[0]

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        if self.axis is not None:
            _reduction.expect_axis(in_types[0], (self.axis,))

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = backend.get_array_module(x)
        return utils.force_array(xp.cumsum(x, axis=self.axis, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        if self.axis is None:
            return chainer.functions.reshape(
                _flip(cumsum(_flip(gy, 0), 0), 0), self._in_shape),
        axis = self.axis % len(self._in_shape)
        return _flip(cumsum(_flip(gy, axis), axis), axis),


def cumsum(x, axis=None):
    """Running sums along an axis: ``y[..., i, ...] = x[..., :i + 1, ...].sum(axis)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        axis (int or None): The axis to accumulate along; ``None`` accumulates over the
            flattened input.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> F.cumsum(x, axis=0).array
        array([[1., 2., 3.],
               [5., 7., 9.]], dtype=float32)
        >>> F.cumsum(x, axis=1).array
        array([[ 1.,  3.,  6.],
               [ 4.,  9., 15.]], dtype=float32)
    """
    return Cumsum(axis).apply((x,))[0]
