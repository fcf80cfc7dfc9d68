"""Splitting of a variable into its slices along an axis: :func:`separate`."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Separate(function_node.FunctionNode):
    """Returns the slices ``x[..., k, ...]`` along ``axis`` as separate outputs."""

    def __init__(self, axis):
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        _axes.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        x, = inputs
        self._xp = backend.get_array_module(x)
        self._slice_shape = x.shape[:self.axis % x.ndim] + x.shape[self.axis % x.ndim + 1:]
        self._dtype = x.dtype
        return slices(x, self.axis)

    def _filled(self, grad_outputs):
        # slices without a gradient contribute zeros
        return [self._xp.zeros(self._slice_shape, self._dtype) if g is None else g
                for g in grad_outputs]

    def backward(self, indexes, grad_outputs):
        return _separate_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _separate_back(self, indexes, grad_outputs)


def _separate_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of separating: the slices' gradients stacked again (zeros where absent)."""
    return ops.stack(node._filled(grad_outputs), node.axis),


def slices(x, axis):
    """Returns the slices of the array ``x`` along ``axis``, each as an array."""
    moved = backend.get_array_module(x).moveaxis(x, axis, 0)
    return tuple([utils.force_array(piece) for piece in moved])


def separate(x, axis=0):
    """Splits a variable into its slices along an axis (the inverse of :func:`stack`).

    For instance, an input of shape ``(2, 3, 4)`` separated along ``axis=1`` gives three
    variables of shape ``(2, 4)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.
        axis (int): The axis that is removed.

    Returns:
        tuple of ~chainer.Variable: ``x.shape[axis]`` variables.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> a, b = F.separate(x)
        >>> a.array, b.array
        (array([1., 2., 3.], dtype=float32), array([4., 5., 6.], dtype=float32))
        >>> [y.shape for y in F.separate(x, axis=1)]
        [(2,), (2,), (2,)]
    """
    return Separate(axis).apply((x,))
