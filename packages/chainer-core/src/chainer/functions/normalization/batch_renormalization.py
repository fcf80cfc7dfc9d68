"""Batch renormalization (Ioffe, 2017)."""
import warnings

from chainer import backend
from chainer import configuration
from chainer import function
from chainer.functions.normalization import batch_normalization
from chainer.utils import type_check


def _xhat(x, mean, std, expander):
    x_mu = x - mean[expander]
    x_mu /= std[expander]
    return x_mu


class BatchRenormalizationFunction(function.Function):
    """Batch renormalization in training mode (an old-style Function as in v7).

    The correction factors ``r`` and ``d`` are computed from the running statistics and
    treated as constants in backward.
    """

    def __init__(self, eps=2e-5, mean=None, var=None, decay=0.9, rmax=1, dmax=0,
                 update_statistics=True):
        self._running_mean = mean
        self._running_var = var
        self.rmax = rmax
        self.dmax = dmax
        self.r = None
        self.update_statistics = update_statistics
        self.eps = eps
        self.decay = decay

    def _warn_accessing_property(self):
        warnings.warn(
            'The attributes of BatchRenormalizationFunction are deprecated. Consider setting'
            ' update_statistics=True to batch_renormalization to update running'
            ' statistics.', DeprecationWarning)

    @property
    def running_mean(self):
        """Running mean (deprecated attribute)."""
        self._warn_accessing_property()
        return self._running_mean

    @property
    def running_var(self):
        """Running variance (deprecated attribute)."""
        self._warn_accessing_property()
        return self._running_var

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
        x, gamma, beta = inputs
        xp = backend.get_array_module(x)
        if self._running_mean is None:
            self._running_mean = xp.zeros_like(gamma)
            self._running_var = xp.zeros_like(gamma)
        # Note: this function is for training only.
        assert configuration.config.train

        head_ndim = gamma.ndim + 1
        expander = (None, Ellipsis) + (None,) * (x.ndim - head_ndim)
        axis = (0,) + tuple(range(head_ndim, x.ndim))
        dtype = batch_normalization._compute_dtype(x.dtype, gamma.dtype)
        mean = x.mean(axis=axis, dtype=dtype)
        var = x.var(axis=axis, dtype=dtype)
        self.std = xp.sqrt(var + dtype.type(self.eps), dtype=dtype)

        running_sigma = xp.sqrt(self._running_var.astype(dtype) + dtype.type(self.eps))
        self.r = xp.clip(self.std / running_sigma, 1.0 / self.rmax, self.rmax)
        d = xp.clip((mean - self._running_mean) / running_sigma, -self.dmax, self.dmax)

        self.x_hat = _xhat(x.astype(dtype, copy=False), mean, self.std, expander)
        self.x_hat_renorm = self.x_hat * self.r[expander] + d[expander]
        y = gamma[expander] * self.x_hat_renorm
        y += beta[expander]
        y = y.astype(x.dtype, copy=False)

        if self.update_statistics:
            m = x.size // max(gamma.size, 1)
            adjust = m / max(m - 1., 1.)  # unbiased estimation
            rm = self._running_mean
            rv = self._running_var
            rm *= self.decay
            rm += ((1 - self.decay) * mean).astype(rm.dtype, copy=False)
            rv *= self.decay
            rv += ((1 - self.decay) * adjust * var).astype(rv.dtype, copy=False)
        return y,

    def backward(self, inputs, grad_outputs):
        x, gamma, _ = inputs
        gy = grad_outputs[0]
        head_ndim = gamma.ndim + 1
        expander = (None, Ellipsis) + (None,) * (x.ndim - head_ndim)
        m = x.size // max(gamma.size, 1)
        axis = (0,) + tuple(range(head_ndim, x.ndim))
        dtype = self.x_hat.dtype

        gbeta = gy.sum(axis=axis, dtype=dtype)
        ggamma = (gy * self.x_hat_renorm).sum(axis=axis, dtype=dtype)
        gsigma_batch = (gy * self.x_hat).sum(axis=axis, dtype=dtype)
        scale = (self.r * gamma / self.std)[expander]
        gx = scale * (gy - (self.x_hat * gsigma_batch[expander] + gbeta[expander]) / m)
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
        running_mean (:ref:`ndarray`): Running mean.
        running_var (:ref:`ndarray`): Running variance.
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
