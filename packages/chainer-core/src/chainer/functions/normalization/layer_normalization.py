"""Layer normalization."""

from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.functions.normalization import _standardize
from chainer.utils import type_check


class LayerNormalization(function_node.FunctionNode):
    """Layer normalization of ``(batch, units)`` inputs (statistics along axis 1)."""

    mean = None
    inv_std = None

    def __init__(self, eps=1e-5):
        self.eps = eps

    @property
    def label(self):
        return 'LayerNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'gamma', 'beta'))
        x_type, gamma_type, beta_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2,
            gamma_type.ndim == 1,
            beta_type.ndim == 1,
            gamma_type.dtype == x_type.dtype,
            beta_type.dtype == x_type.dtype,
            gamma_type.shape == beta_type.shape,
            gamma_type.shape[0] == x_type.shape[1],
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gamma, beta = inputs
        y, self.mean, self.inv_std = _standardize.forward(x, self.eps)
        y *= gamma
        y += beta
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        return _layer_norm_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _layer_norm_backward(self, indexes, grad_outputs)


def _layer_norm_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradients of layer normalization w.r.t. ``x``, ``gamma`` and ``beta``."""
    x, gamma = ops.retained_inputs(node)
    gy, = grad_outputs
    if ops.differentiable:
        x_hat, inv_std = _standardize.statistics(x, node.eps)
    else:
        x_hat = _standardize.x_hat_from(x, node.mean, node.inv_std)
        inv_std = node.inv_std
    ret = []
    for i in indexes:
        if i == 0:
            gx = _standardize.rows_backward(gy * gamma, x_hat, inv_std, ops)
            ret.append(ops.cast(gx, x.dtype))
        elif i == 1:
            ret.append(ops.cast(ops.sum(gy * x_hat, 0), x.dtype))
        else:
            ret.append(ops.sum(gy, 0))
    return tuple(ret)


def layer_normalization(x, gamma, beta, eps=1e-5):
    """Layer normalization.

    Normalizes each row of ``x`` (a batch of vectors) by its own mean and variance, then
    scales and shifts it: ``y = gamma * (x - mean) / sqrt(var + eps) + beta``. See:
    `Layer Normalization <https://arxiv.org/abs/1607.06450>`_.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Batch vectors of shape
            ``(batch_size, unit_size)``.
        gamma: Scaling vector of shape ``(unit_size,)``.
        beta: Shifting vector of shape ``(unit_size,)``.
        eps (float): Added to the variance for numerical stability.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[1, 3], [10, 30]], np.float32)
        >>> gamma = np.ones(2, np.float32)
        >>> beta = np.zeros(2, np.float32)
        >>> np.round(F.layer_normalization(x, gamma, beta).array, 3)  # per example
        array([[-1.,  1.],
               [-1.,  1.]], dtype=float32)
    """
    return LayerNormalization(eps).apply((x, gamma, beta))[0]
