from chainer import backend
from chainer import function_node
from chainer.utils import type_check


def _diagonal_index(shape, offset, axis1, axis2):
    """Returns ``(length, start1, start2)`` of the diagonal on the two axes."""
    n1 = shape[axis1]
    n2 = shape[axis2]
    if offset >= 0:
        length = max(0, min(n1, n2 - offset))
        start1, start2 = 0, offset
    else:
        length = max(0, min(n1 + offset, n2))
        start1, start2 = -offset, 0
    return length, start1, start2


def _diagonal_view(array, axis1, axis2):
    xp = backend.get_array_module(array)
    return xp.moveaxis(array, (axis1, axis2), (-2, -1))


class Diagonal(function_node.FunctionNode):

    """Extracts a diagonal of an array."""

    def __init__(self, offset, axis1, axis2):
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        in_type = in_types[0]
        type_check.expect(in_type.ndim >= 2)
        type_check.expect(
            max(self.axis1, self.axis2) < in_type.ndim,
            -in_type.ndim <= min(self.axis1, self.axis2),
        )

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        y = x.diagonal(offset=self.offset, axis1=self.axis1, axis2=self.axis2)
        # NumPy returns a read-only view; hand out a writable array.
        return y.copy(),

    def backward(self, indexes, grad_outputs):
        return DiagonalGrad(
            self._in_shape, self.offset, self.axis1, self.axis2
        ).apply(grad_outputs)


class DiagonalGrad(function_node.FunctionNode):

    """Gradient of :class:`Diagonal`: embeds a diagonal into zeros."""

    def __init__(self, out_shape, offset, axis1, axis2):
        self.out_shape = out_shape
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        y = xp.zeros(self.out_shape, x.dtype)
        ndim = len(self.out_shape)
        axis1 = self.axis1 % ndim
        axis2 = self.axis2 % ndim
        length, s1, s2 = _diagonal_index(
            self.out_shape, self.offset, axis1, axis2)
        if length > 0:
            r = xp.arange(length)
            view = _diagonal_view(y, axis1, axis2)
            view[..., r + s1, r + s2] = x
        return y,

    def backward(self, indexes, grad_outputs):
        return Diagonal(self.offset, self.axis1, self.axis2).apply(
            grad_outputs)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """Take diagonal.

    Axes other than ``axis1`` and ``axis2`` are regarded as batch dimensions.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            A variable to be sliced.
        offset (int): Offset from the principal diagonal. An upper diagonal
            matrix can have nonzero diagonals with nonnegative offsets.
        axis1 (int): First axis (that has row indices) of matrix
        axis2 (int): Second axis (that has column indices) of matrix

    Returns:
        ~chainer.Variable: (Batched) diagonal vectors (the diagonal is the
        last axis, as in :func:`numpy.diagonal`).

    """
    return Diagonal(offset, axis1, axis2).apply((x,))[0]
