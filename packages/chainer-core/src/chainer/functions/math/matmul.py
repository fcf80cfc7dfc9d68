"""Matrix products: :func:`matmul` (NumPy semantics) and the deprecated :func:`batch_matmul`."""
import warnings

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


def _swap_last(x):
    axes = list(range(x.ndim))
    axes[-1], axes[-2] = axes[-2], axes[-1]
    return chainer.functions.transpose(x, tuple(axes))


class MatMul(function_node.FunctionNode):
    """Matrix product with NumPy ``matmul`` semantics (batched, broadcasting, 1-D operands)."""

    def __init__(self, transa=False, transb=False, transc=False, dtype=None):
        self.transa = transa
        self.transb = transb
        self.transc = transc
        self.dtype = dtype

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a', 'b'))
        a_type, b_type = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            a_type.dtype == b_type.dtype,
            a_type.ndim >= 1,
            b_type.ndim >= 1,
        )
        a_ndim = type_check.eval(a_type.ndim)
        b_ndim = type_check.eval(b_type.ndim)
        a_idx = -2 if self.transa and a_ndim > 1 else -1
        b_idx = -1 if self.transb and b_ndim > 1 else (-2 if b_ndim > 1 else 0)
        type_check.expect(a_type.shape[a_idx] == b_type.shape[b_idx])

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        xp = backend.get_array_module(a)
        if self.transa and a.ndim >= 2:
            a = a.swapaxes(-1, -2)
        if self.transb and b.ndim >= 2:
            b = b.swapaxes(-1, -2)
        y = xp.matmul(a, b)
        if self.transc and y.ndim >= 2:
            y = y.swapaxes(-1, -2)
        if self.dtype is not None:
            y = y.astype(self.dtype, copy=False)
        return utils.force_array(y),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gy, = grad_outputs
        if self.transc and gy.ndim >= 2:
            gy = _swap_last(gy)
        A = _swap_last(a) if self.transa and a.ndim >= 2 else a
        B = _swap_last(b) if self.transb and b.ndim >= 2 else b
        A2 = chainer.functions.reshape(A, (1,) + A.shape) if A.ndim == 1 else A
        B2 = chainer.functions.reshape(B, B.shape + (1,)) if B.ndim == 1 else B
        out_shape = gy.shape
        if A.ndim == 1:
            out_shape = out_shape[:-1] + (1,) + out_shape[-1:] if B.ndim > 1 else (1,)
        if B.ndim == 1:
            out_shape = out_shape + (1,)
        gy2 = chainer.functions.reshape(gy, out_shape)
        ret = []
        for i in indexes:
            if i == 0:
                g = chainer.functions.sum_to(matmul(gy2, _swap_last(B2)), A2.shape)
                g = chainer.functions.reshape(g, A.shape)
                if self.transa and a.ndim >= 2:
                    g = _swap_last(g)
                ret.append(chainer.functions.cast(g, a.dtype) if g.dtype != a.dtype else g)
            else:
                g = chainer.functions.sum_to(matmul(_swap_last(A2), gy2), B2.shape)
                g = chainer.functions.reshape(g, B.shape)
                if self.transb and b.ndim >= 2:
                    g = _swap_last(g)
                ret.append(chainer.functions.cast(g, b.dtype) if g.dtype != b.dtype else g)
        return tuple(ret)


def matmul(a, b, transa=False, transb=False):
    """Computes the matrix product of two variables (``numpy.matmul`` semantics).

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Left operand (1-D or more).
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Right operand (1-D or more).
        transa (bool): Transpose the last two axes of ``a`` first.
        transb (bool): Transpose the last two axes of ``b`` first.

    Returns:
        ~chainer.Variable: The product; stacks of matrices are broadcast.
    """
    return MatMul(transa=transa, transb=transb).apply((a, b))[0]


class BatchMatMul(MatMul):
    """Batched matrix product of the deprecated :func:`batch_matmul`."""


def batch_matmul(a, b, transa=False, transb=False):
    """Computes the batch matrix product (deprecated: use :func:`matmul`).

    2-D inputs of shape ``(B, N)`` are treated as batches of column vectors ``(B, N, 1)``.
    """
    warnings.warn('batch_matmul is deprecated. Use matmul instead.', DeprecationWarning)
    a = chainer.as_variable(a)
    b = chainer.as_variable(b)
    a = chainer.functions.reshape(a, a.shape + (1,)) if a.ndim == 2 else a
    b = chainer.functions.reshape(b, b.shape + (1,)) if b.ndim == 2 else b
    return BatchMatMul(transa=transa, transb=transb).apply((a, b))[0]
