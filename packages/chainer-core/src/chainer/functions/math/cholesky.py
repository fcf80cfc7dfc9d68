"""Cholesky decomposition."""
import numpy

import chainer
from chainer import backend
from chainer.functions.math import _linalg
from chainer.functions.math.inv import inv


class Cholesky(_linalg.SquareMatrixFunction):
    """Cholesky decomposition ``a = L L^T`` of a symmetric positive-definite matrix."""

    _routine = 'cholesky'

    @property
    def label(self):
        return 'cholesky'

    def backward(self, indexes, grad_outputs):
        # Symmetric gradient: S = L^-T Phi(L^T gL) L^-1, gA = (S + S^T) / 2, where Phi keeps
        # the lower triangle and halves the diagonal.
        F = chainer.functions
        L, = self.get_retained_outputs()
        gL, = grad_outputs
        n = L.shape[0]
        xp = backend.get_array_module(L)
        phi = numpy.tril(numpy.ones((n, n), dtype=L.dtype)) - 0.5 * numpy.eye(n, dtype=L.dtype)
        if xp is not numpy:
            phi = xp.asarray(phi)
        p = F.matmul(L, gL, transa=True) * phi
        l_inv = inv(L)
        s = F.matmul(F.matmul(l_inv, p, transa=True), l_inv)
        return (s + F.transpose(s)) * 0.5,


def cholesky(a):
    """Cholesky decomposition of a symmetric positive-definite matrix.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input matrix of shape ``(n, n)``;
            only its lower triangle is read.

    Returns:
        ~chainer.Variable: The lower-triangular ``L`` with ``a = L L^T``.

    .. admonition:: Example

        >>> a = np.array([[4, 2], [2, 5]], np.float32)
        >>> L = F.cholesky(a)
        >>> L.array
        array([[2., 0.],
               [1., 2.]], dtype=float32)
        >>> (L @ L.T).array
        array([[4., 2.],
               [2., 5.]], dtype=float32)
    """
    return Cholesky().apply((a,))[0]
