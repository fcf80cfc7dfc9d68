"""Decorrelated batch normalization (ZCA whitening per channel group, Huang et al. 2018)."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import argument
from chainer.utils import type_check


def _compute_dtype(dtype):
    # eigh has no float16 implementation; compute in float32 then.
    return numpy.promote_types(dtype, numpy.float32)


def _to_groups(x, groups):
    """``(b, c, *s)`` -> ``(groups, c // groups, b * prod(s))`` (may be a view)."""
    b, c = x.shape[:2]
    return x.reshape(b, groups, c // groups, -1).transpose(1, 2, 0, 3).reshape(
        groups, c // groups, -1)


def _from_groups(y, x_shape):
    groups, C = y.shape[:2]
    b = x_shape[0]
    return y.reshape(groups, C, b, -1).transpose(2, 0, 1, 3).reshape(x_shape)


def _to_groups_var(x, groups):
    F = chainer.functions
    b, c = x.shape[:2]
    x = F.reshape(x, (b, groups, c // groups, -1))
    return F.reshape(F.transpose(x, (1, 2, 0, 3)), (groups, c // groups, -1))


def _from_groups_var(y, x_shape):
    F = chainer.functions
    groups, C = y.shape[:2]
    y = F.reshape(y, (groups, C, x_shape[0], -1))
    return F.reshape(F.transpose(y, (2, 0, 1, 3)), x_shape)


def _swap(a):
    return a.swapaxes(-1, -2)


class DecorrelatedBatchNormalization(function_node.FunctionNode):
    """Decorrelated batch normalization with the statistics of the batch.

    Channels are split into ``groups`` groups; each group is centered and whitened with
    the ZCA matrix ``Sigma^(-1/2)`` of its covariance ``Sigma`` (plus ``eps`` on the
    diagonal). The running mean ``(groups, C)`` and projection ``(groups, C, C)`` given to
    the constructor are updated in place.
    """

    def __init__(self, groups=16, eps=2e-5, mean=None, projection=None, decay=0.9):
        self.groups = groups
        self.running_mean = mean
        self.running_projection = projection
        self.eps = eps
        self.decay = decay
        self.axis = None

    @property
    def label(self):
        return 'DecorrelatedBatchNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim >= 2)
        type_check.expect(x_type.shape[1] % self.groups == 0)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        groups = self.groups
        dtype = _compute_dtype(x.dtype)
        self._x_shape = x.shape
        xg = _to_groups(x, groups).astype(dtype, copy=False)
        C = xg.shape[1]
        m = xg.shape[2]
        mean = xg.mean(axis=2, keepdims=True)
        xc = xg - mean
        cov = xp.matmul(xc, _swap(xc))
        cov /= max(m, 1)
        cov += dtype.type(self.eps) * xp.eye(C, dtype=dtype)
        eigvals, eigvectors = xp.linalg.eigh(cov)
        sqrt_eig = xp.sqrt(eigvals)
        projection = xp.matmul(eigvectors / sqrt_eig[:, None, :], _swap(eigvectors))
        y = xp.matmul(projection, xc)

        self.eigvals = eigvals
        self.eigvectors = eigvectors
        self._sqrt_eig = sqrt_eig
        self._xc = xc
        self._projection = projection

        if self.running_mean is not None:
            rm = self.running_mean
            rm *= self.decay
            rm += ((1 - self.decay) * mean[:, :, 0]).astype(rm.dtype, copy=False)
        if self.running_projection is not None:
            adjust = m / max(m - 1., 1.)  # unbiased estimation
            rp = self.running_projection
            rp *= self.decay
            rp += ((1 - self.decay) * adjust * projection).astype(rp.dtype, copy=False)
        return _from_groups(y, x.shape).astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        f = DecorrelatedBatchNormalizationGrad(
            self.groups, self.eigvals, self.eigvectors, self._sqrt_eig, self._xc,
            self._projection)
        return f.apply((gy,))

    def _backward_arrays(self, indexes, grad_outputs):
        f = DecorrelatedBatchNormalizationGrad(
            self.groups, self.eigvals, self.eigvectors, self._sqrt_eig, self._xc,
            self._projection)
        return f.forward(grad_outputs)


class DecorrelatedBatchNormalizationGrad(function_node.FunctionNode):
    """Gradient of :class:`DecorrelatedBatchNormalization` w.r.t. its input.

    The gradient through ``Sigma^(-1/2)`` uses the Daleckii-Krein formula with the divided
    differences ``-1 / (s_i s_j (s_i + s_j))`` (``s = sqrt(eigenvalues)``), which stays
    finite for repeated eigenvalues. Double backpropagation is not supported (as in v7).
    """

    def __init__(self, groups, eigvals, eigvectors, sqrt_eig, xc, projection):
        self.groups = groups
        self.eigvals = eigvals
        self.eigvectors = eigvectors
        self.sqrt_eig = sqrt_eig
        self.xc = xc
        self.projection = projection

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        xc = self.xc
        U = self.eigvectors
        s = self.sqrt_eig
        m = xc.shape[2]
        gyg = _to_groups(gy, self.groups).astype(xc.dtype, copy=False)
        g_proj = xp.matmul(gyg, _swap(xc))
        gxc = xp.matmul(self.projection, gyg)
        A = xp.matmul(xp.matmul(_swap(U), g_proj), U)
        K = s[:, :, None] * s[:, None, :] * (s[:, :, None] + s[:, None, :])
        A /= -K
        g_cov = xp.matmul(xp.matmul(U, A), _swap(U))
        g_cov += _swap(g_cov)
        g_cov /= max(m, 1)
        gxc += xp.matmul(g_cov, xc)
        gxc -= gxc.mean(axis=2, keepdims=True)
        return _from_groups(gxc, gy.shape).astype(gy.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        raise NotImplementedError(
            'Double backpropagation is not implemented for decorrelated batch normalization.')


class FixedDecorrelatedBatchNormalization(function_node.FunctionNode):
    """Decorrelated batch normalization with given ``mean`` and ``projection``."""

    def __init__(self, groups):
        self.groups = groups

    @property
    def label(self):
        return 'FixedDecorrelatedBatchNormalization'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'mean', 'projection'))
        x_type, mean_type, proj_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            mean_type.dtype == x_type.dtype,
            proj_type.dtype == x_type.dtype,
            x_type.ndim >= 2,
        )
        type_check.expect(
            x_type.shape[1] % self.groups == 0,
            mean_type.ndim == 2,
            mean_type.shape[0] == self.groups,
            mean_type.shape[1] == x_type.shape[1] // self.groups,
            proj_type.ndim == 3,
            proj_type.shape[0] == self.groups,
            proj_type.shape[1] == mean_type.shape[1],
            proj_type.shape[2] == mean_type.shape[1],
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        x, mean, projection = inputs
        xp = backend.get_array_module(x)
        dtype = _compute_dtype(x.dtype)
        xc = _to_groups(x, self.groups) - mean.astype(dtype, copy=False)[:, :, None]
        y = xp.matmul(projection.astype(dtype, copy=False), xc)
        return _from_groups(y, x.shape).astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, mean, projection = self.get_retained_inputs()
        gy, = grad_outputs
        f = FixedDecorrelatedBatchNormalizationGrad(self.groups)
        return f.apply((x, mean, projection, gy))


class FixedDecorrelatedBatchNormalizationGrad(function_node.FunctionNode):
    """Gradient of :class:`FixedDecorrelatedBatchNormalization`.

    ``(x, mean, projection, gy) -> (gx, gmean, gprojection)``; differentiable again.
    """

    def __init__(self, groups):
        self.groups = groups

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2, 3))
        x, mean, projection, gy = inputs
        xp = backend.get_array_module(x)
        dtype = _compute_dtype(x.dtype)
        P = projection.astype(dtype, copy=False)
        gyg = _to_groups(gy, self.groups).astype(dtype, copy=False)
        xc = _to_groups(x, self.groups) - mean.astype(dtype, copy=False)[:, :, None]
        gxg = xp.matmul(_swap(P), gyg)
        gmean = -gxg.sum(axis=2)
        gproj = xp.matmul(gyg, _swap(xc))
        return (_from_groups(gxg, x.shape).astype(x.dtype, copy=False),
                gmean.astype(mean.dtype, copy=False),
                gproj.astype(projection.dtype, copy=False))

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, mean, projection, gy = self.get_retained_inputs()
        ggx, ggmean, ggproj = grad_outputs
        xp = backend.get_array_module(x.array)
        groups = self.groups
        gshape = (groups, mean.shape[1], x.size // x.shape[1])
        if ggx is None:
            ggx = chainer.Variable(xp.zeros(gshape, x.dtype), requires_grad=False)
        else:
            ggx = _to_groups_var(ggx, groups)
        if ggmean is not None:
            ggx = ggx - F.expand_dims(ggmean, 2)
        if ggproj is None:
            ggproj = chainer.Variable(xp.zeros(projection.shape, x.dtype), requires_grad=False)
        gyg = _to_groups_var(gy, groups)
        xc = _to_groups_var(x, groups) - F.expand_dims(mean, 2)

        g_gy = F.matmul(projection, ggx) + F.matmul(ggproj, xc)
        gxc = F.matmul(ggproj, gyg, transa=True)
        gx = _from_groups_var(gxc, x.shape)
        gmean = -F.sum(gxc, axis=2)
        gproj = F.matmul(gyg, ggx, transb=True)
        return gx, gmean, gproj, _from_groups_var(g_gy, x.shape)


def decorrelated_batch_normalization(x, **kwargs):
    """Decorrelated batch normalization function.

    Splits the channels (axis 1) into ``groups`` groups and whitens each group with the
    ZCA matrix of its covariance over the batch and spatial axes. See: `Decorrelated
    Batch Normalization <https://arxiv.org/abs/1804.08450>`_.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(b, c, ...)``.
        groups (int): Number of groups; must divide ``c`` (default 16).
        eps (float): Added to the diagonal of the covariance (default ``2e-5``).
        running_mean (:ref:`ndarray`): Running mean ``(groups, c // groups)``, updated in
            place.
        running_projection (:ref:`ndarray`): Running projection
            ``(groups, c // groups, c // groups)``, updated in place.
        decay (float): Decay rate of the running statistics (default 0.9).

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[1, 1], [1, -1], [-1, 1], [-1, -1], [2, 2]], np.float32)
        >>> y = F.decorrelated_batch_normalization(x, groups=1)
        >>> np.round(y.array.mean(axis=0), 3)  # zero mean
        array([0., 0.], dtype=float32)
        >>> np.round(y.array.T @ y.array / len(x), 3)  # whitened: identity covariance
        array([[1., 0.],
               [0., 1.]], dtype=float32)
    """
    groups, eps, running_mean, running_projection, decay = argument.parse_kwargs(
        kwargs, ('groups', 16), ('eps', 2e-5), ('running_mean', None),
        ('running_projection', None), ('decay', 0.9))
    f = DecorrelatedBatchNormalization(groups, eps, running_mean, running_projection, decay)
    return f.apply((x,))[0]


def fixed_decorrelated_batch_normalization(x, mean, projection, groups=16):
    """Decorrelated batch normalization with fixed statistics (inference mode).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(b, c, ...)``.
        mean: Mean per group, shape ``(groups, c // groups)``.
        projection: Whitening matrices, shape ``(groups, c // groups, c // groups)``.
        groups (int): Number of groups.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[1, 2], [3, 4]], np.float32)
        >>> mean = np.array([[1, 2]], np.float32)  # (groups, channels // groups)
        >>> projection = np.array([[[1, 0], [0, 0.5]]], np.float32)  # a whitening matrix per group
        >>> F.fixed_decorrelated_batch_normalization(x, mean, projection, groups=1).array
        array([[0., 0.],
               [2., 1.]], dtype=float32)
    """
    f = FixedDecorrelatedBatchNormalization(groups)
    return f.apply((x, mean, projection))[0]
