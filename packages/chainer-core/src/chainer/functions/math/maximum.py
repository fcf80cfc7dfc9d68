"""Elementwise maximum of two arrays."""
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_broadcastable, check_float


class Maximum(function_node.FunctionNode):
    """Elementwise maximum of two inputs (with broadcasting)."""

    def check_type_forward(self, in_types):
        check_float(in_types, ('x1', 'x2'))
        check_broadcastable(in_types, ('x1', 'x2'))

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x1, x2 = inputs
        xp = backend.get_array_module(x1, x2)
        return utils.force_array(xp.maximum(x1, x2)),

    def backward(self, indexes, grad_outputs):
        return _select_backward(self, MaximumGrad, self._first(), indexes, grad_outputs[0],
                                grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _select_backward(self, MaximumGrad, self._first(), indexes, grad_outputs[0])

    def _first(self):
        # where the first input is the result
        return self.inputs[0].data >= self.inputs[1].data


def _routed(cond, gy, first):
    # ``gy`` where ``cond`` holds (``first``) or where it does not (not ``first``), else 0
    xp = backend.get_array_module(gy)
    zero = gy.dtype.type(0)
    if first:
        return utils.force_array(xp.where(cond, gy, zero))
    return utils.force_array(xp.where(cond, zero, gy))


def _select_backward(node, grad_class, cond, indexes, gy, ops=grad_ops.ARRAYS):
    """The gradient of an elementwise selection (maximum, minimum): ``gy`` routed to the
    input chosen by ``cond`` (by ``grad_class`` on Variables, whose array computation is
    :func:`_routed`), summed to that input's shape."""
    cond = backend.get_array_module(cond).broadcast_to(cond, gy.shape)
    if ops.differentiable:
        routed = grad_class(cond).apply((gy,))
        routed = [routed[i] for i in indexes]
    else:
        routed = [_routed(cond, gy, i == 0) for i in indexes]
    inputs = node.inputs
    return tuple([ops.sum_to(g, inputs[i].shape) for g, i in zip(routed, indexes)])


class MaximumGrad(function_node.FunctionNode):
    """Routes ``gy`` to ``x1`` where ``cond`` holds and to ``x2`` elsewhere."""

    def __init__(self, cond):
        self.cond = cond

    def forward(self, inputs):
        gy, = inputs
        return _routed(self.cond, gy, True), _routed(self.cond, gy, False)

    def backward(self, indexes, grad_outputs):
        gg1, gg2 = grad_outputs
        dtype = (gg1 if gg1 is not None else gg2).dtype
        mask = self.cond.astype(dtype)
        ret = None
        if gg1 is not None:
            ret = gg1 * mask
        if gg2 is not None:
            t = gg2 * (1 - mask)
            ret = t if ret is None else ret + t
        return ret,


def maximum(x1, x2):
    """Larger of ``x1`` and ``x2`` at every position.

    Args:
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).
        x2 (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (same dtype,
            broadcastable with ``x1``).

    Returns:
        ~chainer.Variable: Output variable. Where ``x1 == x2`` the gradient goes to ``x1``.

    .. admonition:: Example

        >>> x1 = np.array([1, 5, 3], np.float32)
        >>> x2 = np.array([4, 2, 3], np.float32)
        >>> F.maximum(x1, x2).array
        array([4., 5., 3.], dtype=float32)
    """
    return Maximum().apply((x1, x2))[0]
