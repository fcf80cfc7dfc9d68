"""Polygamma function."""
from chainer import function_node, utils
from chainer.functions.math._elementwise import check_broadcastable, sum_to_shape
from chainer.functions.math._special import cpu_function
from chainer.utils import type_check


class PolyGamma(function_node.FunctionNode):
    """Elementwise polygamma function ``psi^(n)(x)`` (differentiable in ``x``)."""

    @property
    def label(self):
        return 'polygamma'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('n', 'x'))
        n_type, x_type = in_types
        type_check.expect(n_type.dtype.kind == 'i', x_type.dtype.kind == 'f')
        check_broadcastable(in_types, ('n', 'x'), 'polygamma')

    def forward_cpu(self, inputs):
        n, x = inputs
        self.retain_inputs((0, 1))
        f = cpu_function('polygamma', 'polygamma')
        return utils.force_array(f(n, x), x.dtype),

    def forward_gpu(self, inputs):
        import cupyx.scipy.special
        n, x = inputs
        self.retain_inputs((0, 1))
        return utils.force_array(cupyx.scipy.special.polygamma(n, x), x.dtype),

    def backward(self, indexes, grad_outputs):
        n, x = self.get_retained_inputs()
        gx = polygamma(utils.force_array(n.array + 1), x) * grad_outputs[0]
        return None, sum_to_shape(gx, x.shape)


def polygamma(n, x):
    """Polygamma function, the ``n``-th derivative of the digamma function.

    Requires SciPy on CPU.

    Args:
        n (:class:`~chainer.Variable` or :ref:`ndarray`): Orders (int, not differentiated).
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float),
            broadcastable with ``n``.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> n = np.array([0, 1], np.int32)
        >>> x = np.array([1, 1], np.float32)
        >>> np.round(F.polygamma(n, x).array, 4)  # digamma(1) and trigamma(1) = pi ** 2 / 6
        array([-0.5772,  1.6449], dtype=float32)
    """
    return PolyGamma().apply((n, x))[0]
