"""Hurwitz zeta function."""
from chainer import function_node, utils
from chainer.functions.math._special import cpu_function
from chainer.utils import type_check


class Zeta(function_node.FunctionNode):
    """Elementwise Hurwitz zeta function ``zeta(x, q)``, differentiable in ``q``.

    Args:
        x: The order (a float or an array broadcastable with ``q``), not differentiated.
    """

    def __init__(self, x):
        self._x = x

    @property
    def label(self):
        return 'zeta'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('q',))
        type_check.expect(in_types[0].dtype.kind == 'f')

    def forward_cpu(self, inputs):
        q, = inputs
        self.retain_inputs((0,))
        f = cpu_function('zeta', 'zeta')
        return utils.force_array(f(self._x, q), q.dtype),

    def forward_gpu(self, inputs):
        import cupyx.scipy.special
        q, = inputs
        self.retain_inputs((0,))
        return utils.force_array(cupyx.scipy.special.zeta(self._x, q), q.dtype),

    def backward(self, indexes, grad_outputs):
        q, = self.get_retained_inputs()
        # d zeta(x, q) / dq = -x zeta(x + 1, q)
        return -self._x * zeta(self._x + 1, q) * grad_outputs[0],


def zeta(x, q):
    """Hurwitz zeta function, :math:`\\zeta(x, q) = \\sum_{k=0}^\\infty (k + q)^{-x}`.

    Requires SciPy on CPU. Differentiable with respect to ``q`` only.

    Args:
        x (float or :ref:`ndarray`): The order.
        q (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([2, 2], np.float32)
        >>> q = np.array([1, 2], np.float32)
        >>> np.round(F.zeta(x, q).array, 4)  # Hurwitz zeta: pi ** 2 / 6 and pi ** 2 / 6 - 1
        array([1.6449, 0.6449], dtype=float32)
    """
    return Zeta(x).apply((q,))[0]
