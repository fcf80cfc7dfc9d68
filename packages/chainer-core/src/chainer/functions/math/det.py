"""Matrix determinant (single and batched)."""
import chainer
from chainer.functions.math import _linalg
from chainer.functions.math.inv import batch_inv
from chainer.utils import type_check


class BatchDet(_linalg.SquareMatrixFunction):
    """Determinants of a batch of square matrices."""

    _routine = 'det'
    _batched = True
    _retain_input = True

    @property
    def label(self):
        return 'det'

    def backward(self, indexes, grad_outputs):
        # d det(A) / dA = det(A) inv(A)^T
        F = chainer.functions
        a, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        coef = F.broadcast_to(F.reshape(gy * y, (a.shape[0], 1, 1)), a.shape)
        return coef * F.transpose(batch_inv(a), (0, 2, 1)),


def batch_det(a):
    """Determinant of each matrix of a batch.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(m, n, n)``.

    Returns:
        ~chainer.Variable: The determinants, of shape ``(m,)``.

    .. admonition:: Example

        >>> a = np.array([[[2, 0], [0, 3]], [[1, 2], [3, 4]]], np.float32)
        >>> np.round(F.batch_det(a).array, 4)
        array([ 6., -2.], dtype=float32)
    """
    return BatchDet().apply((a,))[0]


def det(a):
    """Determinant of one square matrix.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input matrix of shape ``(n, n)``.

    Returns:
        ~chainer.Variable: The determinant (a 0-dim variable).

    .. admonition:: Example

        >>> a = np.array([[1, 2], [3, 4]], np.float32)
        >>> print(np.round(F.det(a).array, 4))
        -2.0
    """
    if a.ndim != 2:
        raise type_check.InvalidType('a.ndim == 2', 'a.ndim == {}'.format(a.ndim))
    F = chainer.functions
    batched = F.reshape(a, (1,) + tuple(a.shape))
    return F.reshape(BatchDet().apply((batched,))[0], ())
