"""The Bernoulli distribution."""
import numpy

import chainer
from chainer import distribution
from chainer import function_node
from chainer import utils
from chainer.distributions import utils as dist_utils
from chainer.utils import cache


class BernoulliLogProb(function_node.FunctionNode):
    """Log-probability of a Bernoulli distribution given its logit: ``(logit, x) -> log p(x)``.

    ``log p(x) = x * logit - softplus(logit)``, also exact for infinite logits (``p`` of 0 or
    1). With ``binary_check``, values of ``x`` other than 0 and 1 get ``-inf``. Values of
    ``x`` outside ``[0, 1]`` raise :class:`FloatingPointError` on the CPU, as v7. Only the
    logit receives a gradient.
    """

    def __init__(self, binary_check=False):
        self.binary_check = binary_check

    @property
    def label(self):
        return 'BernoulliLogProb'

    def forward(self, inputs):
        logit, x = inputs
        xp = chainer.backend.get_array_module(logit)
        if xp is numpy and ((x < 0) | (x > 1)).any():
            raise FloatingPointError('invalid value encountered in log')
        self.retain_inputs((0, 1))
        with numpy.errstate(invalid='ignore', divide='ignore', over='ignore'):
            softplus = xp.maximum(logit, 0) + xp.log1p(xp.exp(-abs(logit)))
            y = x * logit - softplus
            self.logit_isinf = xp.isinf(logit)
            if self.logit_isinf.any():
                y = xp.where(self.logit_isinf & (logit > 0), xp.log(x), y)
                y = xp.where(self.logit_isinf & (logit < 0), xp.log(1 - x), y)
        if self.binary_check:
            self.invalid = (x != 0) & (x != 1)
            y = xp.where(self.invalid, -numpy.inf, y)
        return utils.force_array(y, logit.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        logit, x = self.get_retained_inputs()
        xp = logit.xp
        dlogit = x - chainer.functions.sigmoid(logit)
        nan = self.logit_isinf
        if self.binary_check:
            nan = nan | self.invalid
        if nan.any():
            dlogit = dlogit + xp.where(nan, numpy.nan, 0).astype(logit.dtype)
        return gy * dlogit, None


def _bernoulli_log_prob(logit, x, binary_check=False):
    x = chainer.as_variable(x)
    if x.dtype != logit.dtype:
        x = chainer.functions.cast(x, logit.dtype)
    if x.shape != logit.shape:
        logit, x = chainer.functions.broadcast(logit, x)
    return BernoulliLogProb(binary_check).apply((logit, x))[0]


class Bernoulli(distribution.Distribution):
    """Bernoulli distribution: 1 with probability ``p``, 0 otherwise.

    Args:
        p (~chainer.Variable or array): Probability of 1 (give ``p`` or ``logit``).
        logit (~chainer.Variable or array): Log-odds ``log(p / (1 - p))``.
        binary_check (bool): If True, ``log_prob`` of values other than 0 and 1 is ``-inf``.
    """

    def __init__(self, p=None, logit=None, binary_check=False):
        if (p is None) == (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        self._p = None if p is None else dist_utils._as_param(p)
        self._logit = None if logit is None else dist_utils._as_param(logit)
        self.binary_check = binary_check

    @cache.cached_property
    def p(self):
        """Probability of 1 (Variable)."""
        if self._p is not None:
            return self._p
        return chainer.functions.sigmoid(self._logit)

    @cache.cached_property
    def logit(self):
        """Log-odds (Variable)."""
        if self._logit is not None:
            return self._logit
        return chainer.functions.log(self._p) - chainer.functions.log1p(-self._p)

    @property
    def params(self):
        return {'logit': self.logit}

    @property
    def batch_shape(self):
        return (self._p if self._p is not None else self._logit).shape

    @property
    def entropy(self):
        # exact (0) where p is 0 or 1, with v7's gradients there
        p = self.p
        return -(dist_utils._modified_xlogx(p) + dist_utils._modified_xlogx(1 - p))

    def log_prob(self, x):
        return _bernoulli_log_prob(self.logit, x, self.binary_check)

    @property
    def mean(self):
        return self.p

    def prob(self, x):
        x = chainer.as_variable(x)
        p = self.p
        prob = x * p + (1 - x) * (1 - p)
        if self.binary_check:
            binary = (x.array == 0) | (x.array == 1)
            prob = prob * binary.astype(prob.dtype)
        return prob

    def sample_n(self, n):
        xp = self.xp
        p = self.p.array
        u = xp.random.uniform(size=(n,) + p.shape)
        return chainer.Variable((u < p).astype(numpy.int64))  # integer samples, as v7

    @property
    def stddev(self):
        return chainer.functions.sqrt(self.variance)

    @property
    def support(self):
        return '{0, 1}'

    @property
    def variance(self):
        return self.p * (1 - self.p)


@distribution.register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(dist1, dist2):
    F = chainer.functions
    l1, l2 = dist1.logit, dist2.logit
    p1 = dist1.p
    return (p1 * (F.softplus(-l2) - F.softplus(-l1))
            + (1 - p1) * (F.softplus(l2) - F.softplus(l1)))
