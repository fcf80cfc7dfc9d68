"""L2 normalization along axes."""
import numpy

from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


class NormalizeL2(function_node.FunctionNode):
    """L2 normalization: ``y = x / (||x||_2 + eps)`` with the norm along ``axis``."""

    def __init__(self, eps=1e-5, axis=1):
        self.eps = eps
        if isinstance(axis, (int, numpy.integer)):
            axis = (int(axis),)
        self.axis = axis

    @property
    def label(self):
        return 'NormalizeL2'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')
        # (an axis out of range is NumPy's AxisError, a ValueError and an IndexError, as v7)

    def _norm(self, x):
        xp = backend.get_array_module(x)
        norm = xp.sqrt(xp.sum(xp.square(x), axis=self.axis, keepdims=True))
        return norm

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        norm = self._norm(x)
        norm += x.dtype.type(self.eps)
        return utils.force_array(x / norm, x.dtype),

    def backward(self, indexes, grad_outputs):
        return _l2_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _l2_backward(self, indexes, grad_outputs)


def _l2_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of ``y = x / (||x|| + eps)``:
    ``(gy - x * sum(x * gy) / (||x|| (||x|| + eps))) / (||x|| + eps)``.

    At a zero vector the norm is not differentiable: it is taken as the constant 0 there
    (avoiding ``0 / 0`` and the infinite slope of ``sqrt``, so double backprop stays finite).
    """
    x, = ops.retained_inputs(node)
    gy, = grad_outputs
    sq = ops.sum(x * x, node.axis, keepdims=True)
    zero = ops.data(sq) == 0
    if zero.any():
        xp = backend.get_array_module(zero)
        norm_noeps = ops.sqrt(ops.where(zero, xp.ones(zero.shape, x.dtype), sq))
        norm = ops.where(zero, xp.zeros(zero.shape, x.dtype), norm_noeps)
    else:
        norm_noeps = norm = ops.sqrt(sq)
    norm = norm + x.dtype.type(node.eps)
    x_gy = ops.sum(x * gy, node.axis, keepdims=True)
    return ops.cast((gy - x * x_gy / (norm_noeps * norm)) / norm, x.dtype),


def normalize(x, eps=1e-5, axis=1):
    """Normalizes ``x`` by its L2 norm along ``axis``: ``y = x / (||x||_2 + eps)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        eps (float): Added to the norm to avoid division by zero.
        axis (int or tuple of ints): Axis (axes) along which the norm is computed.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[3, 4], [0, 5]], np.float32)
        >>> np.round(F.normalize(x).array, 4)  # unit L2 norm along axis 1
        array([[0.6, 0.8],
               [0. , 1. ]], dtype=float32)
    """
    return NormalizeL2(eps, axis).apply((x,))[0]
