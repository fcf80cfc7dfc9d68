from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.functions._helpers import loss as _loss_helpers
from chainer import utils
from chainer.functions.loss.absolute_error import _check_pair


class SquaredError(function_node.FunctionNode):
    """Elementwise squared error ``(x0 - x1) ** 2``."""

    def check_type_forward(self, in_types):
        _check_pair(in_types)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x0, x1 = inputs
        diff = utils.force_array(x0 - x1)
        diff *= diff
        return utils.force_array(diff, x0.dtype),

    def backward(self, indexes, grad_outputs):
        return _squared_error_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _squared_error_backward(self, indexes, grad_outputs)


def _squared_error_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of ``(x0 - x1) ** 2``: ``2 gy (x0 - x1)`` (the opposite for ``x1``)."""
    x0, x1 = ops.retained_inputs(node)
    gy, = grad_outputs
    gx = gy * gy.dtype.type(2) * (x0 - x1)
    return _loss_helpers.difference_grads(gx, indexes)


def squared_error(x0, x1):
    """Elementwise squared error function ``(x0 - x1) ** 2``.

    Args:
        x0 (:class:`~chainer.Variable` or :ref:`ndarray`): First input (floating dtype).
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Second input, same shape and dtype.

    Returns:
        ~chainer.Variable: Elementwise squared error, shaped like the inputs.

    .. admonition:: Example

        >>> x0 = np.array([1, 2, 3], np.float32)
        >>> x1 = np.array([3, 2, 0], np.float32)
        >>> F.squared_error(x0, x1).array
        array([4., 0., 9.], dtype=float32)
    """
    return SquaredError().apply((x0, x1))[0]


def squared_difference(x1, x2):
    """Squared difference of two inputs, ``(x1 - x2) ** 2`` (same as :func:`squared_error`).

    Args:
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): First input (floating dtype).
        x2 (:class:`~chainer.Variable` or :ref:`ndarray`): Second input, same shape and dtype.

    Returns:
        ~chainer.Variable: ``(x1 - x2) ** 2`` elementwise.

    .. admonition:: Example

        >>> x1 = np.array([1, 2, 3], np.float32)
        >>> x2 = np.array([3, 2, 0], np.float32)
        >>> F.squared_difference(x1, x2).array
        array([4., 0., 9.], dtype=float32)
    """
    return SquaredError().apply((x1, x2))[0]
