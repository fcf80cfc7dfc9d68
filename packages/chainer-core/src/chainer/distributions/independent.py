"""Reinterpreting batch axes of a distribution as event axes."""
import numpy

import chainer
from chainer import distribution


def _sum_rightmost(x, n):
    if n == 0:
        return x
    return chainer.functions.sum(x, axis=tuple(range(-n, 0)))


class Independent(distribution.Distribution):
    """Treats the rightmost batch axes of a distribution as event axes.

    The log-probability (and entropy) of an event is the sum over those axes, as for
    independent components.

    Args:
        distribution (~chainer.Distribution): The base distribution.
        reinterpreted_batch_ndims (int): Number of rightmost batch axes to reinterpret;
            None reinterprets all batch axes but the first.
    """

    def __init__(self, distribution, reinterpreted_batch_ndims=None):
        batch_ndim = len(distribution.batch_shape)
        if reinterpreted_batch_ndims is None:
            reinterpreted_batch_ndims = max(batch_ndim - 1, 0)
        if not 0 <= reinterpreted_batch_ndims <= batch_ndim:
            raise ValueError(
                'reinterpreted_batch_ndims must be between 0 and {}, not {}'.format(
                    batch_ndim, reinterpreted_batch_ndims))
        self.distribution = distribution
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims

    @property
    def params(self):
        return self.distribution.params

    @property
    def _n_batch(self):
        return len(self.distribution.batch_shape) - self.reinterpreted_batch_ndims

    @property
    def batch_shape(self):
        return tuple(self.distribution.batch_shape[:self._n_batch])

    @property
    def event_shape(self):
        return (tuple(self.distribution.batch_shape[self._n_batch:])
                + tuple(self.distribution.event_shape))

    def cdf(self, x):
        return chainer.functions.exp(self.log_cdf(x))

    def log_cdf(self, x):
        return _sum_rightmost(self.distribution.log_cdf(x), self.reinterpreted_batch_ndims)

    def icdf(self, x):
        """Not defined: raises ``RuntimeError`` (a joint CDF of several variables has no
        inverse)."""
        raise RuntimeError(
            'Cumulative distribution function for multivariate variable is not invertible.')

    def survival_function(self, x):
        """``P(X_i > x_i for every i)`` of the event: the product of the base survival
        functions (as v7)."""
        return chainer.functions.exp(self.log_survival_function(x))

    def log_survival_function(self, x):
        """Logarithm of :meth:`survival_function`."""
        return _sum_rightmost(self.distribution.log_survival_function(x),
                              self.reinterpreted_batch_ndims)

    @property
    def covariance(self):
        """Block-diagonal covariance of the joint event: the base covariances of the
        reinterpreted batch axes on its diagonal (as v7; for a base that defines
        :attr:`covariance`)."""
        F = chainer.functions
        cov = self.distribution.covariance
        n = self.reinterpreted_batch_ndims
        if n == 0:
            return cov
        batch_shape = self.batch_shape
        d = cov.shape[-1]
        m = int(numpy.prod(cov.shape[len(batch_shape):-2], dtype=int))
        cov = F.broadcast_to(F.reshape(cov, batch_shape + (m, d, 1, d)),
                             batch_shape + (m, d, m, d))
        block = self.xp.eye(m, dtype=cov.dtype)[:, None, :, None]
        return F.reshape(cov * block, batch_shape + (m * d, m * d))

    @property
    def entropy(self):
        return _sum_rightmost(self.distribution.entropy, self.reinterpreted_batch_ndims)

    def log_prob(self, x):
        return _sum_rightmost(self.distribution.log_prob(x), self.reinterpreted_batch_ndims)

    @property
    def mean(self):
        return self.distribution.mean

    @property
    def mode(self):
        return self.distribution.mode

    def sample_n(self, n):
        return self.distribution.sample_n(n)

    @property
    def stddev(self):
        return self.distribution.stddev

    @property
    def support(self):
        return self.distribution.support

    @property
    def variance(self):
        return self.distribution.variance


@distribution.register_kl(Independent, Independent)
def _kl_independent_independent(dist1, dist2):
    if dist1.event_shape != dist2.event_shape:
        raise ValueError('Event shapes do not match: {} and {}'.format(
            dist1.event_shape, dist2.event_shape))
    if dist1.reinterpreted_batch_ndims != dist2.reinterpreted_batch_ndims:
        raise NotImplementedError(
            'KL divergence between Independent distributions with different '
            'reinterpreted_batch_ndims is not implemented')
    kl = distribution.kl_divergence(dist1.distribution, dist2.distribution)
    return _sum_rightmost(kl, dist1.reinterpreted_batch_ndims)
