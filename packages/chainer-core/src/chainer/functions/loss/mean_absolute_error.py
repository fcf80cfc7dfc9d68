from chainer import backend
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.functions._helpers import loss as _loss_helpers
from chainer import utils
from chainer.functions.loss.absolute_error import _check_pair


class MeanAbsoluteError(function_node.FunctionNode):
    """Mean absolute error ``mean(|x0 - x1|)`` over all elements."""

    def check_type_forward(self, in_types):
        _check_pair(in_types)

    def forward(self, inputs):
        x0, x1 = inputs
        xp = backend.get_array_module(x0)
        diff = utils.force_array(x0 - x1)
        self._sign = xp.sign(diff)
        self._size = diff.size
        y = xp.abs(diff, out=diff).mean()  # (float16: NumPy's mean sums in float32)
        return utils.force_array(y, x0.dtype),

    def backward(self, indexes, grad_outputs):
        return _mean_absolute_error_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _mean_absolute_error_backward(self, indexes, grad_outputs)


def _mean_absolute_error_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of ``mean(|x0 - x1|)``: ``gy * sign(x0 - x1) / n`` (the opposite for
    ``x1``)."""
    gy, = grad_outputs
    gy = gy * gy.dtype.type(1.0 / node._size)
    gx = ops.broadcast_to(gy, node._sign.shape) * node._sign
    return _loss_helpers.difference_grads(gx, indexes)


def mean_absolute_error(x0, x1):
    """Mean absolute error function: the mean of ``|x0 - x1|`` over all elements.

    Args:
        x0 (:class:`~chainer.Variable` or :ref:`ndarray`): First input (floating dtype).
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Second input, same shape and dtype.

    Returns:
        ~chainer.Variable: A scalar (0-dim) variable of the inputs' dtype.

    .. admonition:: Example

        >>> x0 = np.array([1, 2, 3, 4], np.float32)
        >>> x1 = np.array([2, 2, 1, 4], np.float32)
        >>> F.mean_absolute_error(x0, x1).array
        array(0.75, dtype=float32)
    """
    return MeanAbsoluteError().apply((x0, x1))[0]
