"""Concatenated rectified linear unit."""
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class CReLU(function_node.FunctionNode):
    """Concatenated Rectified Linear Unit."""

    def __init__(self, axis=1):
        super().__init__()
        if not isinstance(axis, int):
            raise TypeError('axis must be an integer value')
        self.axis = axis

    @property
    def label(self):
        return 'CReLU'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim > self.axis,
            x_type.ndim >= -self.axis,
        )

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        zero = x.dtype.type(0)
        return utils.force_array(xp.concatenate(
            (xp.maximum(x, zero), xp.maximum(-x, zero)), axis=self.axis)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        x = x.array
        axis = self.axis % x.ndim
        n = x.shape[axis]
        head = (slice(None),) * axis
        g_pos = gy[head + (slice(0, n),)]
        g_neg = gy[head + (slice(n, 2 * n),)]
        dtype = gy.dtype
        return g_pos * (x > 0).astype(dtype) - g_neg * (x < 0).astype(dtype),


def crelu(x, axis=1):
    """Concatenated Rectified Linear Unit function.

    ``f(x) = (max(0, x), max(0, -x))`` concatenated along ``axis``, so that axis doubles.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        axis (int): Axis along which the two halves are concatenated (default 1).

    Returns:
        ~chainer.Variable: Output variable of shape ``x.shape`` with ``axis`` doubled.

    .. admonition:: Example

        >>> x = np.array([[-1, 2], [3, -4]], np.float32)
        >>> y = F.crelu(x)
        >>> y.shape
        (2, 4)
        >>> y.array
        array([[0., 2., 1., 0.],
               [3., 0., 0., 4.]], dtype=float32)
    """
    y, = CReLU(axis=axis).apply((x,))
    return y
