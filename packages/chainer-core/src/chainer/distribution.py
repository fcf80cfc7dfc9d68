"""The interface of probability distributions and the KL-divergence registry.

Concrete distributions live in :mod:`chainer.distributions`. Their parameters are Variables,
so densities, entropies and (reparameterized) samples are differentiable w.r.t. them.
"""
import functools
import operator

import chainer
from chainer import backend


class Distribution:
    """Interface of probability distributions.

    A distribution holds a batch of distributions of the same family: its parameters have the
    shape ``batch_shape`` (plus ``event_shape`` for multivariate ones). Methods that take
    points ``x`` (``log_prob``, ``cdf``, ...) broadcast them against the batch and return
    Variables of shape ``batch_shape`` (or ``x``'s leading sample shape plus it).

    Subclasses implement what their family supports; the rest raises
    :class:`NotImplementedError`. Defaults derived from other members are provided for
    :meth:`prob`, :meth:`log_cdf`, :meth:`survival_function`,
    :meth:`log_survival_function`, :attr:`stddev` and :meth:`sample`.
    """

    def _copy_to(self, target):
        target.__dict__ = dict(self.__dict__)
        return target

    def __copy__(self):
        return self._copy_to(object.__new__(type(self)))

    def __repr__(self):
        try:
            shapes = ' batch_shape={}, event_shape={}'.format(self.batch_shape, self.event_shape)
        except NotImplementedError:
            shapes = ''
        return '<{}.{}{}>'.format(type(self).__module__, type(self).__name__, shapes)

    @property
    def params(self):
        """Dict of the parameters (Variables) that define the distribution."""
        raise NotImplementedError

    @property
    def batch_shape(self):
        """Shape of the batch of distributions (tuple of int)."""
        raise NotImplementedError

    @property
    def event_shape(self):
        """Shape of one sample of one distribution (tuple of int; ``()`` if univariate)."""
        return ()

    @property
    def xp(self):
        """Array module (NumPy or CuPy) of the parameters."""
        return backend.get_array_module(*[p.array for p in self.params.values()])

    @property
    def covariance(self):
        """Covariance matrices of multivariate distributions."""
        raise NotImplementedError

    @property
    def entropy(self):
        """Entropy of each distribution (Variable of shape ``batch_shape``)."""
        raise NotImplementedError

    @property
    def mean(self):
        """Mean of each distribution."""
        raise NotImplementedError

    @property
    def mode(self):
        """Mode of each distribution."""
        raise NotImplementedError

    @property
    def variance(self):
        """Variance of each distribution."""
        raise NotImplementedError

    @property
    def stddev(self):
        """Standard deviation of each distribution (the square root of :attr:`variance`)."""
        return chainer.functions.sqrt(self.variance)

    @property
    def support(self):
        """String describing the support of the distribution (e.g. ``'real'``)."""
        raise NotImplementedError

    def cdf(self, x):
        """Cumulative distribution function at ``x``."""
        raise NotImplementedError

    def icdf(self, x):
        """Inverse of the cumulative distribution function at probabilities ``x``."""
        raise NotImplementedError

    def log_cdf(self, x):
        """Logarithm of the cumulative distribution function at ``x``."""
        return chainer.functions.log(self.cdf(x))

    def log_prob(self, x):
        """Logarithm of the probability (density or mass) at ``x``."""
        raise NotImplementedError

    def prob(self, x):
        """Probability (density or mass) at ``x``."""
        return chainer.functions.exp(self.log_prob(x))

    def survival_function(self, x):
        """Survival function ``1 - cdf(x)`` at ``x``."""
        return 1 - self.cdf(x)

    def log_survival_function(self, x):
        """Logarithm of the survival function at ``x``."""
        return chainer.functions.log(self.survival_function(x))

    def perplexity(self, x):
        """Perplexity function at ``x``."""
        raise NotImplementedError

    def sample(self, sample_shape=()):
        """Draws samples of shape ``sample_shape + batch_shape + event_shape``.

        Args:
            sample_shape (int or tuple of int): Leading shape of the samples.

        Returns:
            ~chainer.Variable: The samples (differentiable w.r.t. the parameters where the
            distribution is reparameterizable).
        """
        if isinstance(sample_shape, int):
            sample_shape = (sample_shape,)
        sample_shape = tuple(sample_shape)
        n = functools.reduce(operator.mul, sample_shape, 1)
        samples = self.sample_n(n)
        return chainer.functions.reshape(
            samples, sample_shape + tuple(self.batch_shape) + tuple(self.event_shape))

    def sample_n(self, n):
        """Draws ``n`` samples: a Variable of shape ``(n,) + batch_shape + event_shape``."""
        raise NotImplementedError


_KLDIVERGENCE = {}


class _KLNotRegisteredError(NotImplementedError, KeyError):
    """No KL divergence is registered for a pair of distribution classes.

    Also a :class:`KeyError`, which is what Chainer v7 raises there.
    """

    def __str__(self):
        return str(self.args[0])


def register_kl(Dist1, Dist2):  # noqa: N803 - v7 argument names
    """Decorator registering the KL divergence of a pair of distribution classes.

    Example::

        @register_kl(Normal, Normal)
        def _kl_normal_normal(dist1, dist2):
            ...

    Args:
        Dist1 (type): Class of the first distribution.
        Dist2 (type): Class of the second distribution.
    """
    def decorator(kl):
        _KLDIVERGENCE[Dist1, Dist2] = kl
        return kl
    return decorator


def _find_kl(type1, type2):
    kl = _KLDIVERGENCE.get((type1, type2))
    if kl is not None:
        return kl
    for base1 in type1.__mro__:
        for base2 in type2.__mro__:
            kl = _KLDIVERGENCE.get((base1, base2))
            if kl is not None:
                return kl
    return None


def kl_divergence(dist1, dist2):
    """Computes the Kullback-Leibler divergence ``KL(dist1 || dist2)``.

    Args:
        dist1 (Distribution): The first distribution.
        dist2 (Distribution): The second distribution.

    Returns:
        ~chainer.Variable: The divergence of each pair in the batch.

    Raises:
        KeyError: If no KL divergence is registered for the pair of classes (the error is
            also a :class:`NotImplementedError`).
    """
    kl = _find_kl(type(dist1), type(dist2))
    if kl is None:
        raise _KLNotRegisteredError(
            'KL divergence between {} and {} is not implemented'.format(
                type(dist1).__name__, type(dist2).__name__))
    return kl(dist1, dist2)


def cross_entropy(dist1, dist2):
    """Computes the cross entropy ``H(dist1, dist2) = H(dist1) + KL(dist1 || dist2)``.

    Args:
        dist1 (Distribution): The first distribution.
        dist2 (Distribution): The second distribution.

    Returns:
        ~chainer.Variable: The cross entropy of each pair in the batch.
    """
    return dist1.entropy + kl_divergence(dist1, dist2)
