"""Batch renormalization (Ioffe, 2017)."""
import warnings

from chainer import backend
from chainer import configuration
from chainer import function
from chainer.functions.normalization import batch_normalization
from chainer.utils import type_check


def _layout(x, gamma):
    """How the per-channel arrays meet ``x``: ``(shape, axes, count)`` with the shape that
    broadcasts them against ``x``, the axes reduced for the statistics and the number of
    values per channel."""
    axes = batch_normalization._compute_axis(x.ndim, gamma.ndim)
    key_axis = batch_normalization._compute_key_axis(x.ndim, gamma.ndim)
    shape = batch_normalization._broadcast_shape(x.shape, key_axis)
    return shape, axes, x.size // max(gamma.size, 1)


def _deprecated_statistic(name):
    def get(self):
        warnings.warn(
            'BatchRenormalizationFunction.{} is deprecated: pass update_statistics=True to '
            'batch_renormalization to have the running statistics updated in place.'
            .format(name), DeprecationWarning)
        return getattr(self, '_running_' + name.split('_')[1])
    return property(get, doc='The running {} (deprecated).'.format(name.split('_')[1]))


class BatchRenormalizationFunction(function.Function):
    """Batch renormalization in training mode (an old-style Function as in v7).

    The correction factors ``r`` and ``d`` are computed from the running statistics and
    treated as constants in backward.
    """

    running_mean = _deprecated_statistic('running_mean')
    running_var = _deprecated_statistic('running_var')

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, rmax=1, dmax=0,
                 update_statistics=True):
        self.eps, self.decay = eps, decay
        self.rmax, self.dmax = rmax, dmax
        self.update_statistics = update_statistics
        self._running_mean, self._running_var = mean, var
        self.r = None  # the last correction of the scale (set by forward)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'gamma', 'beta'))
        x_type, gamma_type, beta_type = in_types
        M = type_check.eval(gamma_type.ndim)
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim >= gamma_type.ndim + 1,
            x_type.shape[1:1 + M] == gamma_type.shape,
            gamma_type.dtype.kind == 'f',
            gamma_type.dtype == beta_type.dtype,
            gamma_type.shape == beta_type.shape,
        )

    def forward(self, inputs):
        assert configuration.config.train, 'batch renormalization is for training only'
        x, gamma, beta = inputs
        xp = backend.get_array_module(x)
        if self._running_mean is None:
            self._running_mean = xp.zeros_like(gamma)
            self._running_var = xp.zeros_like(gamma)
        shape, axes, count = _layout(x, gamma)
        dtype = batch_normalization._compute_dtype(x.dtype, gamma.dtype)
        eps = dtype.type(self.eps)

        batch_mean = x.mean(axis=axes, dtype=dtype)
        batch_var = x.var(axis=axes, dtype=dtype)
        self.std = xp.sqrt(batch_var + eps, dtype=dtype)
        running_std = xp.sqrt(self._running_var.astype(dtype) + eps)
        self.r = xp.clip(self.std / running_std, 1.0 / self.rmax, self.rmax)
        d = xp.clip((batch_mean - self._running_mean) / running_std, -self.dmax, self.dmax)

        self.x_hat = (x.astype(dtype, copy=False) - batch_mean.reshape(shape)) / \
            self.std.reshape(shape)
        self.x_hat_renorm = self.x_hat * self.r.reshape(shape) + d.reshape(shape)
        y = self.x_hat_renorm * gamma.reshape(shape) + beta.reshape(shape)

        if self.update_statistics:
            unbiased_var = batch_var * (count / max(count - 1., 1.))
            for running, batch in ((self._running_mean, batch_mean),
                                   (self._running_var, unbiased_var)):
                running *= self.decay
                running += ((1 - self.decay) * batch).astype(running.dtype, copy=False)
        return y.astype(x.dtype, copy=False),

    def backward(self, inputs, grad_outputs):
        x, gamma, _ = inputs
        gy, = grad_outputs
        shape, axes, count = _layout(x, gamma)
        dtype = self.x_hat.dtype
        gbeta = gy.sum(axis=axes, dtype=dtype)
        ggamma = (gy * self.x_hat_renorm).sum(axis=axes, dtype=dtype)
        # r and d are constants: only the batch statistics carry a gradient to x
        g_x_hat = (gy * self.x_hat).sum(axis=axes, dtype=dtype)
        centered = gy - (self.x_hat * g_x_hat.reshape(shape) + gbeta.reshape(shape)) / count
        gx = (self.r * gamma / self.std).reshape(shape) * centered
        return (gx.astype(x.dtype, copy=False), ggamma.astype(gamma.dtype, copy=False),
                gbeta.astype(gamma.dtype, copy=False))


def batch_renormalization(x, gamma, beta, rmax, dmax, eps=2e-5, running_mean=None,
                          running_var=None, decay=0.9, update_statistics=False):
    """Batch renormalization function.

    An extension of batch normalization that corrects the batch statistics towards the
    running statistics: ``y = gamma * (x_hat * r + d) + beta`` where ``x_hat`` is the
    batch-normalized input, ``r = clip(sigma_batch / sigma_running, 1/rmax, rmax)`` and
    ``d = clip((mu_batch - mu_running) / sigma_running, -dmax, dmax)``; ``r`` and ``d``
    are constants for backpropagation. See: `Batch Renormalization
    <https://arxiv.org/abs/1702.03275>`_.

    Args:
        x: Input variable (batch on axis 0, channels ``gamma.ndim`` axes from axis 1).
        gamma: Scaling parameter.
        beta: Shifting parameter.
        rmax (float): Upper bound of ``r`` (lower bound is ``1 / rmax``).
        dmax (float): Bound of ``|d|``.
        eps (float): Added to the variances.
        running_mean (:ref:`ndarray`): Running mean (required: ``TypeError`` if omitted).
        running_var (:ref:`ndarray`): Running variance (required: ``TypeError`` if omitted).
        decay (float): Decay rate of the running statistics.
        update_statistics (bool): If True, ``running_mean`` and ``running_var`` are
            updated in place.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[1, 10], [3, 30]], np.float32)
        >>> gamma = np.ones(2, np.float32)
        >>> beta = np.zeros(2, np.float32)
        >>> running_mean = np.array([2, 20], np.float32)
        >>> running_var = np.array([1, 100], np.float32)
        >>> y = F.batch_renormalization(x, gamma, beta, rmax=3, dmax=5,
        ...                             running_mean=running_mean, running_var=running_var)
        >>> np.round(y.array, 3)  # running statistics = the batch's: as batch normalization
        array([[-1., -1.],
               [ 1.,  1.]], dtype=float32)
    """
    if running_mean is None:
        raise TypeError('running_mean is required')
    if running_var is None:
        raise TypeError('running_var is required')
    return BatchRenormalizationFunction(eps, running_mean, running_var, decay, rmax, dmax,
                                        update_statistics)(x, gamma, beta)


def fixed_batch_renormalization(x, gamma, beta, mean, var, eps=2e-5):
    """Batch renormalization in inference mode (deprecated).

    Same as :func:`~chainer.functions.fixed_batch_normalization`, which should be used
    instead.

    .. admonition:: Example

        >>> x = np.array([[1, 10], [3, 30]], np.float32)
        >>> gamma = np.ones(2, np.float32)
        >>> beta = np.zeros(2, np.float32)
        >>> mean = np.array([1, 10], np.float32)
        >>> var = np.array([4, 100], np.float32)
        >>> y = F.fixed_batch_renormalization(x, gamma, beta, mean, var)  # deprecated
        >>> np.round(y.array, 3)  # the same as F.fixed_batch_normalization gives
        array([[0., 0.],
               [1., 2.]], dtype=float32)
    """
    warnings.warn(
        'fixed_batch_renormalization is deprecated. Use fixed_batch_normalization instead.',
        DeprecationWarning)
    with configuration.using_config('train', False):
        return batch_normalization.fixed_batch_normalization(x, gamma, beta, mean, var, eps)
