"""Elementwise floating-point remainder."""
import chainer
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import (
    check_broadcastable, check_float, sum_to_shape)


class Fmod(function_node.FunctionNode):
    """Elementwise ``fmod(x, divisor)`` (the remainder has the sign of ``x``; broadcasting)."""

    @property
    def label(self):
        return 'fmod'

    def check_type_forward(self, in_types):
        check_float(in_types, ('x', 'divisor'))
        check_broadcastable(in_types, ('x', 'divisor'), 'fmod')

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, divisor = inputs
        xp = backend.get_array_module(x, divisor)
        return utils.force_array(xp.fmod(x, divisor), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, divisor = self.get_retained_inputs()
        gw, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(sum_to_shape(gw, x.shape))
        if 1 in indexes:
            ret.append(sum_to_shape(-chainer.functions.fix(x / divisor) * gw, divisor.shape))
        return ret


def fmod(x, divisor):
    """Remainder ``x - fix(x / divisor) * divisor`` (sign of ``x``), elementwise.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Dividend (float).
        divisor (:class:`~chainer.Variable` or :ref:`ndarray`): Divisor (same dtype;
            its shape broadcasts with ``x``'s).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-5, 5, 7.5], np.float32)
        >>> divisor = np.array([3, 3, 2], np.float32)
        >>> F.fmod(x, divisor).array  # the result has the sign of x
        array([-2. ,  2. ,  1.5], dtype=float32)
    """
    return Fmod().apply((x, divisor))[0]
