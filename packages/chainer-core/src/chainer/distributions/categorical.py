"""The categorical distribution."""
import numpy

import chainer
from chainer import distribution
from chainer.distributions import utils as dist_utils
from chainer.utils import argument
from chainer.utils import cache


def _sample_categorical(xp, p, n):
    # inverse-CDF sampling along the last axis: returns indexes of shape (n,) + p.shape[:-1]
    cdf = xp.cumsum(p.astype(numpy.float64), axis=-1)
    u = xp.random.uniform(size=(n,) + p.shape[:-1] + (1,)) * cdf[..., -1:]
    index = (cdf <= u).sum(axis=-1)
    return xp.minimum(index, p.shape[-1] - 1)


def _gather_last(values, x):
    """``values[..., x]`` for an integer array ``x`` broadcast against ``values[..., 0]``."""
    x = dist_utils._array(x)
    xp = values.xp
    x = xp.asarray(x).astype(numpy.int32, copy=False)
    shape = numpy.broadcast_shapes(values.shape[:-1], x.shape)
    k = values.shape[-1]
    values = chainer.functions.broadcast_to(values, shape + (k,))
    x = xp.broadcast_to(x, shape)
    flat = chainer.functions.reshape(values, (-1, k))
    out = chainer.functions.select_item(flat, x.reshape(-1))
    return chainer.functions.reshape(out, shape)


class Categorical(distribution.Distribution):
    """Categorical distribution over ``{0, ..., K-1}`` given by probabilities or logits.

    Args:
        p (~chainer.Variable or array): Probabilities along the last axis (give ``p`` or
            ``logit``).
        logit (~chainer.Variable or array): Unnormalized log-probabilities (keyword
            argument).
    """

    def __init__(self, p=None, **kwargs):
        logit, = argument.parse_kwargs(kwargs, ('logit', None))
        if (p is None) == (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        self._p = None if p is None else dist_utils._as_param(p)
        self._logit = None if logit is None else dist_utils._as_param(logit)

    @cache.cached_property
    def p(self):
        """Probabilities (Variable)."""
        if self._p is not None:
            return self._p
        return chainer.functions.softmax(self._logit, axis=-1)

    @cache.cached_property
    def log_p(self):
        """Log-probabilities (Variable)."""
        if self._logit is not None:
            return chainer.functions.log_softmax(self._logit, axis=-1)
        return chainer.functions.log(self._p)

    @property
    def params(self):
        return {'p': self.p}

    @property
    def batch_shape(self):
        return (self._p if self._p is not None else self._logit).shape[:-1]

    @property
    def entropy(self):
        return -chainer.functions.sum(dist_utils._modified_xlogx(self.p), axis=-1)

    def log_prob(self, x):
        return _gather_last(self.log_p, x)

    def prob(self, x):
        return _gather_last(self.p, x)

    def sample_n(self, n):
        xp = self.xp
        return chainer.Variable(_sample_categorical(xp, self.p.array, n).astype(numpy.int64))

    @property
    def support(self):
        return '{0, 1, ..., K-1}'


@distribution.register_kl(Categorical, Categorical)
def _kl_categorical_categorical(dist1, dist2):
    F = chainer.functions
    return F.sum(dist_utils._modified_xlogx(dist1.p) - dist1.p * dist2.log_p, axis=-1)
