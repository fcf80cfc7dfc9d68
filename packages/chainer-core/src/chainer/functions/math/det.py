"""Matrix determinant (single and batched)."""
import chainer
from chainer import backend, function_node, utils
from chainer.functions.math import _linalg
from chainer.functions.math.inv import batch_inv
from chainer.utils import type_check


class BatchDet(function_node.FunctionNode):
    """Determinants of a batch of square matrices."""

    @property
    def label(self):
        return 'batch_det'

    def check_type_forward(self, in_types):
        _linalg.check_square(in_types, batched=True)

    def forward(self, inputs):
        a, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        xp = backend.get_array_module(a)
        return utils.force_array(xp.linalg.det(_linalg.lapack_input(a)), a.dtype),

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
    """
    return BatchDet().apply((a,))[0]


def det(a):
    """Determinant of one square matrix.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input matrix of shape ``(n, n)``.

    Returns:
        ~chainer.Variable: The determinant (a 0-dim variable).
    """
    if a.ndim != 2:
        raise type_check.InvalidType('a.ndim == 2', 'a.ndim == {}'.format(a.ndim))
    F = chainer.functions
    batched = F.reshape(a, (1,) + tuple(a.shape))
    return F.reshape(BatchDet().apply((batched,))[0], ())
