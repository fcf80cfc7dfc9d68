"""Repetition of a whole array along each axis: :func:`tile`."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class Tile(function_node.FunctionNode):
    """Lays ``reps[k]`` copies of the input side by side along axis ``k``."""

    def __init__(self, reps):
        if _axes.is_int(reps):
            reps = (reps,)
        elif not (isinstance(reps, tuple) and all(_axes.is_int(r) for r in reps)):
            raise TypeError('reps must be int or tuple of ints')
        if any(r < 0 for r in reps):
            raise ValueError('All elements in reps must be zero or larger')
        self.reps = reps

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return backend.get_array_module(x).tile(x, self.reps),

    def _fold(self):
        """Returns ``(interleaved, copies_axes)``: the output gradient reshaped to
        ``interleaved`` and summed over ``copies_axes`` adds up the copies."""
        # pad the shorter of (input shape, reps) with leading ones, as numpy.tile does
        ndim = max(len(self._in_shape), len(self.reps))
        shape = (1,) * (ndim - len(self._in_shape)) + tuple(self._in_shape)
        reps = (1,) * (ndim - len(self.reps)) + tuple(self.reps)
        # each output axis of length r * n splits into (copy index, position in copy)
        interleaved = sum(((r, n) for r, n in zip(reps, shape)), ())
        return interleaved, tuple(range(0, 2 * ndim, 2))

    def backward(self, indexes, grad_outputs):
        return _tile_back(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _tile_back(self, indexes, grad_outputs)


def _tile_back(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of tiling: the gradients of the copies added up."""
    interleaved, copies_axes = node._fold()
    gx = ops.sum(ops.reshape(grad_outputs[0], interleaved), copies_axes)
    return ops.reshape(gx, node._in_shape),


def tile(x, reps):
    """Builds an array by repeating ``x`` as a whole along each axis (like
    :func:`numpy.tile`).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable. When ``x.ndim`` is
            smaller than ``len(reps)``, leading axes of length one are added to it; when it is
            larger, ``reps`` is padded with leading ones.
        reps (int or tuple of ints): Number of copies along each axis.

    Returns:
        ~chainer.Variable: The tiled variable, with ``max(x.ndim, len(reps))`` axes.

    .. admonition:: Example

        >>> x = np.array([[1, 2], [3, 4]], np.float32)
        >>> F.tile(x, (1, 2)).array
        array([[1., 2., 1., 2.],
               [3., 4., 3., 4.]], dtype=float32)
        >>> F.tile(x, 2).shape
        (2, 4)
    """
    return Tile(reps).apply((x,))[0]
