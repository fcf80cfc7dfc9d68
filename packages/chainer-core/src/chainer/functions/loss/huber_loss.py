from chainer import backend
from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.functions._helpers import loss as _loss_helpers
from chainer import utils
from chainer.functions._helpers.loss import check_reduce
from chainer.utils import type_check


class HuberLoss(function_node.FunctionNode):
    """Huber loss: ``a**2 / 2`` if ``|a| <= delta`` else ``delta * (|a| - delta / 2)``."""

    def __init__(self, delta, reduce='sum_along_second_axis'):
        self.delta = delta
        check_reduce(reduce, ('sum_along_second_axis', 'no'))
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 't'))
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[0].dtype == in_types[1].dtype,
            in_types[0].shape == in_types[1].shape,
        )
        # (summing a 1-D loss along axis 1 is NumPy's AxisError, as v7)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x0, x1 = inputs
        xp = backend.get_array_module(x0)
        dtype = x0.dtype
        delta = dtype.type(self.delta)
        diff = x0 - x1
        absd = xp.abs(diff)
        self._mask = absd <= delta
        y = xp.where(self._mask, diff * diff * dtype.type(0.5),
                     delta * (absd - delta * dtype.type(0.5)))
        if self.reduce == 'sum_along_second_axis':
            y = y.sum(axis=1)
        return utils.force_array(y, dtype),

    def backward(self, indexes, grad_outputs):
        return _huber_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _clipped(self, diff):
        # outside the quadratic zone the gradient is the constant delta * sign(diff)
        xp = backend.get_array_module(diff)
        clipped = xp.sign(diff) * diff.dtype.type(self.delta)
        return utils.force_array(clipped, diff.dtype)

    def _backward_arrays(self, indexes, grad_outputs):
        return _huber_backward(self, indexes, grad_outputs)


def _huber_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradient of the Huber loss of ``d = x0 - x1``: ``gy * d`` in the quadratic zone,
    ``gy * delta * sign(d)`` outside (for ``x0``; the opposite for ``x1``)."""
    x0, x1 = ops.retained_inputs(node)
    gy, = grad_outputs
    diff = x0 - x1
    g = ops.where(node._mask, diff, node._clipped(ops.data(diff)))
    if node.reduce == 'sum_along_second_axis':
        gy = ops.reshape(gy, gy.shape[:1] + (1,) + gy.shape[1:])
    gx = ops.broadcast_to(gy, g.shape) * g
    return _loss_helpers.difference_grads(gx, indexes)


def huber_loss(x, t, delta, reduce='sum_along_second_axis'):
    """Huber loss (smooth L1 loss) of ``a = x - t``.

    The elementwise loss is ``a**2 / 2`` where ``|a| <= delta`` and
    ``delta * (|a| - delta / 2)`` elsewhere.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (floating dtype).
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Target, same shape and dtype.
        delta (float): Threshold between the quadratic and the linear parts.
        reduce (str): ``'sum_along_second_axis'`` (default) sums the loss over axis 1;
            ``'no'`` returns the elementwise loss.

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> x = np.array([[0, 0.5], [3, 0]], np.float32)
        >>> t = np.zeros((2, 2), np.float32)
        >>> F.huber_loss(x, t, delta=1).array  # summed along the second axis
        array([0.125, 2.5  ], dtype=float32)
        >>> F.huber_loss(x, t, delta=1, reduce='no').array
        array([[0.   , 0.125],
               [2.5  , 0.   ]], dtype=float32)
    """
    return HuberLoss(delta=delta, reduce=reduce).apply((x, t))[0]
