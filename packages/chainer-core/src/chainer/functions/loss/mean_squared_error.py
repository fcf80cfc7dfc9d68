from chainer import backend
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.functions._helpers import loss as _loss_helpers
from chainer import utils
from chainer.functions.loss.absolute_error import _check_pair


class MeanSquaredError(function_node.FunctionNode):
    """Mean squared error ``mean((x0 - x1) ** 2)`` over all elements (not halved)."""

    def check_type_forward(self, in_types):
        _check_pair(in_types)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x0, x1 = inputs
        xp = backend.get_array_module(x0)
        diff = (x0 - x1).ravel()
        y = xp.dot(diff, diff) / diff.dtype.type(diff.size)
        return utils.force_array(y, x0.dtype),

    def backward(self, indexes, grad_outputs):
        return _mean_squared_error_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _mean_squared_error_backward(self, indexes, grad_outputs)


def _mean_squared_error_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of ``mean((x0 - x1) ** 2)``: ``2 gy (x0 - x1) / n`` (the opposite for
    ``x1``)."""
    x0, x1 = ops.retained_inputs(node)
    gy, = grad_outputs
    diff = x0 - x1
    # gy * diff first, then the 2 / n (v7's order: float16 results agree to the bit)
    gx = ops.broadcast_to(gy, diff.shape) * diff * gy.dtype.type(2.0 / diff.size)
    return _loss_helpers.difference_grads(gx, indexes)


def mean_squared_error(x0, x1):
    """Mean squared error function: the mean of ``(x0 - x1) ** 2`` over all elements.

    The result is not scaled by 1/2.

    Args:
        x0 (:class:`~chainer.Variable` or :ref:`ndarray`): First input (floating dtype).
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Second input, same shape and dtype.

    Returns:
        ~chainer.Variable: A scalar (0-dim) variable of the inputs' dtype.

    .. admonition:: Example

        >>> x0 = np.array([1, 2, 3, 4], np.float32)
        >>> x1 = np.array([2, 2, 1, 4], np.float32)
        >>> F.mean_squared_error(x0, x1).array
        array(1.25, dtype=float32)
    """
    return MeanSquaredError().apply((x0, x1))[0]
