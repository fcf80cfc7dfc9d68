"""Elementwise maximum of two arrays."""
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import check_broadcastable, check_float, sum_to_shape


class Maximum(function_node.FunctionNode):
    """Elementwise maximum of two inputs (with broadcasting)."""

    @property
    def label(self):
        return 'maximum'

    def check_type_forward(self, in_types):
        check_float(in_types, ('x1', 'x2'))
        check_broadcastable(in_types, ('x1', 'x2'))

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x1, x2 = inputs
        xp = backend.get_array_module(x1, x2)
        return utils.force_array(xp.maximum(x1, x2)),

    def backward(self, indexes, grad_outputs):
        x1, x2 = self.get_retained_inputs()
        return _select_backward(
            MaximumGrad, x1.array >= x2.array, x1, x2, indexes, grad_outputs[0])

    def _backward_arrays(self, indexes, grad_outputs):
        x1, x2 = self.inputs[0].data, self.inputs[1].data
        return _select_backward_arrays(x1 >= x2, x1, x2, indexes, grad_outputs[0])


def _routed(cond, gy, first):
    # ``gy`` where ``cond`` holds (``first``) or where it does not (not ``first``), else 0
    xp = backend.get_array_module(gy)
    zero = gy.dtype.type(0)
    if first:
        return utils.force_array(xp.where(cond, gy, zero))
    return utils.force_array(xp.where(cond, zero, gy))


def _select_backward_arrays(cond, x1, x2, indexes, gy):
    # array version of :func:`_select_backward`
    xp = backend.get_array_module(cond)
    cond = xp.broadcast_to(cond, gy.shape)
    ret = []
    if 0 in indexes:
        ret.append(utils.sum_to(_routed(cond, gy, True), x1.shape))
    if 1 in indexes:
        ret.append(utils.sum_to(_routed(cond, gy, False), x2.shape))
    return tuple(ret)


def _select_backward(grad_class, cond, x1, x2, indexes, gy):
    xp = backend.get_array_module(cond)
    cond = xp.broadcast_to(cond, gy.shape)
    g1, g2 = grad_class(cond).apply((gy,))
    ret = []
    if 0 in indexes:
        ret.append(sum_to_shape(g1, x1.shape))
    if 1 in indexes:
        ret.append(sum_to_shape(g2, x2.shape))
    return ret


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
