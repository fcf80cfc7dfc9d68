"""Matrix inverse (single and batched)."""
import chainer
from chainer import backend, function_node, utils
from chainer.functions.math import _linalg


def _inv_grad(invx, gy):
    # d(inv(A)) = -inv(A) dA inv(A)  =>  gA = -inv(A)^T gy inv(A)^T
    F = chainer.functions
    return -F.matmul(F.matmul(invx, gy, transa=True), invx, transb=True)


class Inv(function_node.FunctionNode):
    """Inverse of a square matrix."""

    @property
    def label(self):
        return 'inv'

    def check_type_forward(self, in_types):
        _linalg.check_square(in_types, batched=False)

    def forward(self, inputs):
        a, = inputs
        self.retain_outputs((0,))
        xp = backend.get_array_module(a)
        return utils.force_array(xp.linalg.inv(_linalg.lapack_input(a)), a.dtype),

    def backward(self, indexes, grad_outputs):
        invx, = self.get_retained_outputs()
        return _inv_grad(invx, grad_outputs[0]),


class BatchInv(function_node.FunctionNode):
    """Inverses of a batch of square matrices."""

    @property
    def label(self):
        return 'batch_inv'

    def check_type_forward(self, in_types):
        _linalg.check_square(in_types, batched=True)

    def forward(self, inputs):
        a, = inputs
        self.retain_outputs((0,))
        xp = backend.get_array_module(a)
        return utils.force_array(xp.linalg.inv(_linalg.lapack_input(a)), a.dtype),

    def backward(self, indexes, grad_outputs):
        invx, = self.get_retained_outputs()
        return _inv_grad(invx, grad_outputs[0]),


def inv(a):
    """Inverse of one square matrix.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input matrix of shape ``(n, n)``.

    Returns:
        ~chainer.Variable: The inverse matrix.

    Raises:
        numpy.linalg.LinAlgError: for a singular matrix (a ``ValueError`` subclass).
    """
    return Inv().apply((a,))[0]


def batch_inv(a):
    """Inverse of each matrix of a batch.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(m, n, n)``.

    Returns:
        ~chainer.Variable: The inverses, of shape ``(m, n, n)``.
    """
    return BatchInv().apply((a,))[0]
