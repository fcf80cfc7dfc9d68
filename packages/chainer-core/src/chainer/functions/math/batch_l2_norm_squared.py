"""Squared L2 norm of each sample of a batch."""
import chainer
from chainer import backend, function_node, utils
from chainer.utils import type_check


class BatchL2NormSquared(function_node.FunctionNode):
    """Squared L2 norm of each sample (all axes but the first are reduced)."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim >= 2)

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        xp = backend.get_array_module(x)
        x = x.reshape(x.shape[0], utils.size_of_shape(x.shape[1:]))
        return utils.force_array(xp.sum(x * x, axis=1, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return BatchL2NormSquaredGrad().apply((x, grad_outputs[0]))


class BatchL2NormSquaredGrad(function_node.FunctionNode):
    """Gradient of :class:`BatchL2NormSquared`: ``2 * x * gy`` (``gy`` per sample)."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        gy = gy.reshape((len(gy),) + (1,) * (x.ndim - 1))
        return utils.force_array(2 * x * gy, x.dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            gy_b = F.broadcast_to(F.reshape(gy, (len(gy),) + (1,) * (x.ndim - 1)), x.shape)
            ret.append(2.0 * gy_b * ggx)
        if 1 in indexes:
            n = utils.size_of_shape(x.shape[1:])
            ret.append(2.0 * F.sum(F.reshape(x * ggx, (x.shape[0], n)), axis=1))
        return ret


def batch_l2_norm_squared(x):
    """Squared Euclidean norm of every sample: the sum of squares over all axes but the
    first.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(B, ...)`` with
            at least two dimensions.

    Returns:
        ~chainer.Variable: Output of shape ``(B,)``.

    .. admonition:: Example

        >>> x = np.array([[1, 2], [3, 4]], np.float32)
        >>> F.batch_l2_norm_squared(x).array
        array([ 5., 25.], dtype=float32)
    """
    return BatchL2NormSquared().apply((x,))[0]
