"""Group normalization."""
import numpy

from chainer import function_node
from chainer.functions._helpers import grad_ops
from chainer.functions.normalization import _standardize
from chainer.utils import type_check


class GroupNormalization(function_node.FunctionNode):
    """Group normalization: channels (axis 1) split into ``groups``, statistics per sample
    and group, then a per-channel affine transform.

    As in v7, ``gamma`` and ``beta`` may have another float dtype than ``x`` (e.g. float32
    parameters with a float16 input); the output has ``x``'s dtype and each gradient its
    input's dtype.
    """

    mean = None
    inv_std = None

    def __init__(self, groups, eps=1e-5):
        self.groups = groups
        self.eps = eps

    @property
    def label(self):
        return 'GroupNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'gamma', 'beta'))
        x_type, gamma_type, beta_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim >= 2,
            gamma_type.ndim == 1,
            beta_type.ndim == 1,
            gamma_type.dtype.kind == 'f',
            gamma_type.dtype == beta_type.dtype,
            gamma_type.shape == beta_type.shape,
        )
        type_check.expect(x_type.shape[1] == gamma_type.shape[0])

    def _shapes(self, x_shape):
        rshape = (x_shape[0], self.groups, -1)
        bshape = (1, x_shape[1]) + (1,) * (len(x_shape) - 2)
        return rshape, bshape

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gamma, beta = inputs
        if x.shape[1] % self.groups:
            raise ValueError("The number of channels {} is not divisible by 'groups' argument "
                             '{}.'.format(x.shape[1], self.groups))
        rshape, bshape = self._shapes(x.shape)
        x_hat, self.mean, self.inv_std = _standardize.forward(x.reshape(rshape), self.eps)
        y = x_hat.reshape(x.shape)
        y *= gamma.reshape(bshape)
        y += beta.reshape(bshape)
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        return _group_norm_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        return _group_norm_backward(self, indexes, grad_outputs)


def _group_norm_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """The gradients of group normalization w.r.t. ``x``, ``gamma`` and ``beta``."""
    x, gamma = ops.retained_inputs(node)
    gy, = grad_outputs
    rshape, bshape = node._shapes(x.shape)
    param_dtype = gamma.dtype
    if ops.differentiable:
        gamma = ops.cast(gamma, x.dtype)  # the functions want operands of one dtype
        x_hat, inv_std = _standardize.statistics(ops.reshape(x, rshape), node.eps)
    else:
        x_hat = _standardize.x_hat_from(x.reshape(rshape), node.mean, node.inv_std)
        inv_std = node.inv_std
    axes = (0,) + tuple(range(2, x.ndim))
    ret = []
    for i in indexes:
        if i == 0:
            g = ops.reshape(gy * ops.reshape(gamma, bshape), rshape)
            gx = _standardize.rows_backward(g, x_hat, inv_std, ops)
            ret.append(ops.cast(ops.reshape(gx, x.shape), x.dtype))
        elif i == 1:
            ret.append(ops.cast(ops.sum(gy * ops.reshape(x_hat, x.shape), axes), param_dtype))
        else:
            ret.append(ops.sum(ops.cast(gy, param_dtype), axes))
    return tuple(ret)


def group_normalization(x, groups, gamma, beta, eps=1e-5):
    """Group normalization function.

    Splits the channels (axis 1) of each sample into ``groups`` groups, normalizes each
    group by its mean and variance, then applies the per-channel ``gamma`` and ``beta``.
    See: `Group Normalization <https://arxiv.org/abs/1803.08494>`_.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape
            ``(batch, channels, ...)`` with at least three dimensions.
        groups (int): Number of groups; must divide the number of channels.
        gamma: Scaling parameter of shape ``(channels,)`` (of any float dtype).
        beta: Shifting parameter of shape ``(channels,)`` (of ``gamma``'s dtype).
        eps (float): Added to the variance for numerical stability.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([1, 3, 10, 30], np.float32).reshape(1, 4, 1)  # (batch, channel, length)
        >>> gamma = np.ones(4, np.float32)
        >>> beta = np.zeros(4, np.float32)
        >>> y = F.group_normalization(x, 2, gamma, beta)  # 2 groups of 2 channels
        >>> np.round(y.array.ravel(), 3)
        array([-1.,  1., -1.,  1.], dtype=float32)
    """
    if x.ndim < 2:
        raise ValueError('group_normalization: the input needs a batch and a channel axis, '
                         f'got shape {x.shape}')
    if not isinstance(groups, (int, numpy.integer)) or isinstance(groups, bool):
        raise TypeError('Argument: \'groups\' type must be (int).')
    return GroupNormalization(int(groups), eps).apply((x, gamma, beta))[0]
