"""Extraction of (batched) diagonals: :func:`diagonal`."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import axes as _axes
from chainer.utils import type_check


def _diagonal_positions(xp, shape, offset, axis1, axis2):
    """Row and column indices of the diagonal ``offset`` on axes ``axis1``/``axis2``."""
    rows, cols = shape[axis1], shape[axis2]
    first_row = max(-offset, 0)
    first_col = max(offset, 0)
    count = max(0, min(rows - first_row, cols - first_col))
    steps = xp.arange(count)
    return steps + first_row, steps + first_col


class Diagonal(function_node.FunctionNode):
    """Takes the diagonal ``offset`` of the matrices spanned by ``axis1`` and ``axis2``."""

    def __init__(self, offset, axis1, axis2):
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.ndim >= 2)
        _axes.expect_axis(x_type, self.axis1)
        _axes.expect_axis(x_type, self.axis2)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        y = x.diagonal(offset=self.offset, axis1=self.axis1, axis2=self.axis2)
        # numpy gives a read-only view
        return y.copy(),

    def backward(self, indexes, grad_outputs):
        grad = DiagonalGrad(self._in_shape, self.offset, self.axis1, self.axis2)
        return grad.apply(grad_outputs)


class DiagonalGrad(function_node.FunctionNode):
    """Adjoint of :class:`Diagonal`: writes the input on a diagonal of a zero array."""

    def __init__(self, out_shape, offset, axis1, axis2):
        self.out_shape = out_shape
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def forward(self, inputs):
        d, = inputs
        xp = backend.get_array_module(d)
        ndim = len(self.out_shape)
        axis1 = self.axis1 % ndim
        axis2 = self.axis2 % ndim
        y = xp.zeros(self.out_shape, d.dtype)
        rows, cols = _diagonal_positions(xp, self.out_shape, self.offset, axis1, axis2)
        if len(rows):
            # with the two matrix axes moved last, the diagonal is y[..., rows, cols]
            matrices = xp.moveaxis(y, (axis1, axis2), (-2, -1))
            matrices[..., rows, cols] = d
        return y,

    def backward(self, indexes, grad_outputs):
        return Diagonal(self.offset, self.axis1, self.axis2).apply(grad_outputs)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """Takes diagonals of a variable, treating the other axes as batch axes.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input with ``ndim >= 2``.
        offset (int): Which diagonal: 0 is the main one, positive values are above it and
            negative ones below.
        axis1 (int): The axis of the matrix rows.
        axis2 (int): The axis of the matrix columns.

    Returns:
        ~chainer.Variable: The diagonals, on the last axis (as :func:`numpy.diagonal`).

    .. admonition:: Example

        >>> x = np.arange(9, dtype=np.float32).reshape(3, 3)
        >>> F.diagonal(x).array
        array([0., 4., 8.], dtype=float32)
        >>> F.diagonal(x, offset=1).array
        array([1., 5.], dtype=float32)
    """
    return Diagonal(offset, axis1, axis2).apply((x,))[0]
