"""Elementwise minimum of two arrays."""
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math import maximum as _maximum
from chainer.functions.math._elementwise import check_broadcastable, check_float


class Minimum(function_node.FunctionNode):
    """Elementwise minimum of two inputs (with broadcasting)."""

    def check_type_forward(self, in_types):
        check_float(in_types, ('x1', 'x2'))
        check_broadcastable(in_types, ('x1', 'x2'))

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x1, x2 = inputs
        xp = backend.get_array_module(x1, x2)
        return utils.force_array(xp.minimum(x1, x2)),

    def backward(self, indexes, grad_outputs):
        return _maximum._select_backward(self, MinimumGrad, self._first(), indexes,
                                         grad_outputs[0], grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _maximum._select_backward(self, MinimumGrad, self._first(), indexes,
                                         grad_outputs[0])

    def _first(self):
        # where the first input is the result
        return self.inputs[0].data <= self.inputs[1].data


class MinimumGrad(_maximum.MaximumGrad):
    """Routes ``gy`` to ``x1`` where ``x1 <= x2`` and to ``x2`` elsewhere."""


def minimum(x1, x2):
    """Smaller of ``x1`` and ``x2`` at every position.

    Args:
        x1 (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).
        x2 (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (same dtype,
            broadcastable with ``x1``).

    Returns:
        ~chainer.Variable: Output variable. Where ``x1 == x2`` the gradient goes to ``x1``.

    .. admonition:: Example

        >>> x1 = np.array([1, 5, 3], np.float32)
        >>> x2 = np.array([4, 2, 3], np.float32)
        >>> F.minimum(x1, x2).array
        array([1., 2., 3.], dtype=float32)
    """
    return Minimum().apply((x1, x2))[0]
