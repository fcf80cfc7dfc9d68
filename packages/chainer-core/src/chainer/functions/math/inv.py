"""Matrix inverse (single and batched)."""
import chainer
from chainer.functions.math import _linalg


class _Inverse(_linalg.SquareMatrixFunction):
    # Shared by Inv and BatchInv (which are not subclasses of each other, as in v7).

    _routine = 'inv'
    _raises_on_singular = True

    def backward(self, indexes, grad_outputs):
        # d(inv(A)) = -inv(A) dA inv(A)  =>  gA = -inv(A)^T gy inv(A)^T
        F = chainer.functions
        invx, = self.get_retained_outputs()
        gy, = grad_outputs
        return -F.matmul(F.matmul(invx, gy, transa=True), invx, transb=True),


class Inv(_Inverse):
    """Inverse of a square matrix."""


class BatchInv(_Inverse):
    """Inverses of a batch of square matrices."""

    _batched = True


def inv(a):
    """Inverse of one square matrix.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input matrix of shape ``(n, n)``.

    Returns:
        ~chainer.Variable: The inverse matrix.

    Raises:
        numpy.linalg.LinAlgError: for a singular matrix (a ``ValueError``, as in v7:
            "Input has singular matrices.").

    .. admonition:: Example

        >>> a = np.array([[2, 0], [0, 4]], np.float32)
        >>> F.inv(a).array
        array([[0.5 , 0.  ],
               [0.  , 0.25]], dtype=float32)
        >>> np.allclose(F.matmul(a, F.inv(a)).array, np.eye(2))
        True
    """
    return Inv().apply((a,))[0]


def batch_inv(a):
    """Inverse of each matrix of a batch.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(m, n, n)``.

    Returns:
        ~chainer.Variable: The inverses, of shape ``(m, n, n)``.

    .. admonition:: Example

        >>> a = np.array([[[2, 0], [0, 4]], [[1, 1], [0, 1]]], np.float32)
        >>> y = F.batch_inv(a)  # one inverse per matrix
        >>> y.array[0]
        array([[0.5 , 0.  ],
               [0.  , 0.25]], dtype=float32)
        >>> y.array[1]
        array([[ 1., -1.],
               [ 0.,  1.]], dtype=float32)
    """
    return BatchInv().apply((a,))[0]
