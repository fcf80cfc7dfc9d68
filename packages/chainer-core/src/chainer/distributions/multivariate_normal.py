"""The multivariate normal distribution."""
import math

import numpy

import chainer
from chainer import distribution
from chainer import function_node
from chainer.distributions import utils as dist_utils
from chainer.utils import argument
from chainer.utils import type_check

#: Whether the CPU computation can run (it needs no SciPy here), as v7.
available_cpu = True
_LOG_2PI = math.log(2 * math.pi)


class TriangularInv(function_node.FunctionNode):
    """Inverse of (a batch of) lower (or upper) triangular matrices.

    Args:
        lower (bool): True for lower triangular matrices, False for upper ones.
    """

    def __init__(self, lower=True):
        self.lower = lower

    @property
    def label(self):
        return 'TriangularInv'

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('a',))
        a_type, = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.ndim >= 2,
            a_type.shape[-1] == a_type.shape[-2])

    def _triangle(self, xp, a):
        return xp.tril(a) if self.lower else xp.triu(a)

    def forward(self, inputs):
        a, = inputs
        xp = chainer.backend.get_array_module(a)
        compute = a.astype(numpy.float32) if a.dtype == numpy.float16 else a
        inv = xp.linalg.inv(self._triangle(xp, compute))
        inv = self._triangle(xp, inv).astype(a.dtype, copy=False)
        self.retain_outputs((0,))
        return inv,

    def backward(self, indexes, grad_outputs):
        inv, = self.get_retained_outputs()
        gy, = grad_outputs
        F = chainer.functions
        # d(A^-1) = -A^-1 dA A^-1, so gA = -A^-T gY A^-T restricted to the triangle
        ga = -F.matmul(F.matmul(inv, gy, transa=True), inv, transb=True)
        xp = inv.xp
        n = inv.shape[-1]
        mask = xp.tri(n, dtype=inv.dtype)
        if not self.lower:
            mask = mask.T
        return ga * mask,


def _triangular_inv(x, lower=True):
    """Inverse of a (batch of) triangular matrix ``x``."""
    return TriangularInv(lower).apply((x,))[0]


def _batch_triangular_inv(x, lower=True):
    """Inverse of a batch of triangular matrices ``x`` (v7's name for the batched case)."""
    return _triangular_inv(x, lower)


def _batch_diag(a):
    return chainer.functions.diagonal(a, axis1=-2, axis2=-1)


def _triangular_logdet(x):
    """``log |det x|`` of a (batch of) triangular matrix ``x``."""
    F = chainer.functions
    return F.sum(F.log(abs(_batch_diag(x))), axis=-1)


def _matvec(m, v):
    F = chainer.functions
    return F.squeeze(F.matmul(m, F.expand_dims(v, -1)), axis=-1)


class MultivariateNormal(distribution.Distribution):
    """Multivariate normal distribution ``N(loc, scale_tril @ scale_tril.T)``.

    Args:
        loc (~chainer.Variable or array): Mean, of shape ``batch_shape + (d,)``.
        scale_tril (~chainer.Variable or array): Lower triangular Cholesky factor of the
            covariance, of shape ``batch_shape + (d, d)`` (keyword argument).
    """

    def __init__(self, loc, **kwargs):
        scale_tril, = argument.parse_kwargs(kwargs, ('scale_tril', None))
        if scale_tril is None:
            raise ValueError('`scale_tril` must have a value.')
        self.loc = dist_utils._as_param(loc)
        self.scale_tril = dist_utils._as_param(scale_tril)
        if self.scale_tril.shape[:-1] != self.loc.shape or \
                self.scale_tril.shape[-1] != self.loc.shape[-1]:
            raise ValueError('shapes of loc {} and scale_tril {} do not match'.format(
                self.loc.shape, self.scale_tril.shape))
        self.d = self.loc.shape[-1]

    @property
    def params(self):
        return {'loc': self.loc, 'scale_tril': self.scale_tril}

    @property
    def batch_shape(self):
        return self.loc.shape[:-1]

    @property
    def event_shape(self):
        return self.loc.shape[-1:]

    def _log_det_scale(self):
        return _triangular_logdet(self.scale_tril)

    @property
    def covariance(self):
        return chainer.functions.matmul(self.scale_tril, self.scale_tril, transb=True)

    @property
    def entropy(self):
        return 0.5 * self.d * (1 + _LOG_2PI) + self._log_det_scale()

    def log_prob(self, x):
        F = chainer.functions
        z = _matvec(_triangular_inv(self.scale_tril), x - self.loc)
        return (-0.5 * self.d * _LOG_2PI - self._log_det_scale()
                - 0.5 * F.sum(z * z, axis=-1))

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    def sample_n(self, n):
        xp = self.xp
        eps = xp.random.standard_normal((n,) + self.loc.shape).astype(self.loc.dtype)
        return self.loc + _matvec(self.scale_tril, eps)

    @property
    def support(self):
        return 'real'

    @property
    def variance(self):
        return chainer.functions.sum(self.scale_tril ** 2, axis=-1)


@distribution.register_kl(MultivariateNormal, MultivariateNormal)
def _kl_multivariate_normal(dist1, dist2):
    F = chainer.functions
    inv2 = _triangular_inv(dist2.scale_tril)
    m = F.matmul(inv2, dist1.scale_tril)
    trace = F.sum(m * m, axis=(-2, -1))
    z = _matvec(inv2, dist2.loc - dist1.loc)
    return (dist2._log_det_scale() - dist1._log_det_scale()
            + 0.5 * (trace + F.sum(z * z, axis=-1) - dist1.d))
