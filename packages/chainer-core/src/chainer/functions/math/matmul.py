"""Matrix products: :func:`matmul` (NumPy semantics) and the deprecated :func:`batch_matmul`."""
import warnings

import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.functions._helpers import grad_ops
from chainer.utils import type_check


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
        # Mixed float dtypes give NumPy's result dtype (as in v7), the gradients the dtypes
        # of the inputs.
        type_check.expect(
            a_type.dtype.kind == 'f',
            b_type.dtype.kind == 'f',
            a_type.ndim >= 1,
            b_type.ndim >= 1,
        )
        a_ndim = type_check.eval(a_type.ndim)
        b_ndim = type_check.eval(b_type.ndim)
        a_idx = -2 if self.transa and a_ndim > 1 else -1
        b_idx = -1 if self.transb and b_ndim > 1 else (-2 if b_ndim > 1 else 0)
        type_check.expect(a_type.shape[a_idx] == b_type.shape[b_idx])
        if a_ndim > 2 or b_ndim > 2:
            # (batch axes that do not broadcast are InvalidType, as v7)
            type_check.expect_broadcast_shapes(a_type.shape[:-2], b_type.shape[:-2])

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
        return _matmul_grads(a, b, grad_outputs[0], self.transa, self.transb, self.transc,
                             indexes, grad_ops.VARIABLES)

    def _backward_arrays(self, indexes, grad_outputs):
        a, b = self.inputs[0].data, self.inputs[1].data
        return _matmul_grads(a, b, grad_outputs[0], self.transa, self.transb, self.transc,
                             indexes, grad_ops.ARRAYS)


def _matmul_grads(a, b, gy, transa, transb, transc, indexes, ops):
    """The gradients of ``matmul(a, b)`` (with transposed operands or result as flagged)
    w.r.t. the inputs at ``indexes``: one formula, on Variables or arrays (``ops``)."""
    if transc and gy.ndim >= 2:
        gy = ops.swap(gy)
    A = ops.swap(a) if transa and a.ndim >= 2 else a
    B = ops.swap(b) if transb and b.ndim >= 2 else b
    A2 = ops.reshape(A, (1,) + A.shape) if A.ndim == 1 else A
    B2 = ops.reshape(B, B.shape + (1,)) if B.ndim == 1 else B
    out_shape = gy.shape
    if A.ndim == 1:
        out_shape = out_shape[:-1] + (1,) + out_shape[-1:] if B.ndim > 1 else (1,)
    if B.ndim == 1:
        out_shape = out_shape + (1,)
    gy2 = ops.reshape(gy, out_shape)
    ret = []
    for i in indexes:
        if i == 0:
            g = ops.sum_to(ops.matmul(gy2, ops.swap(B2)), A2.shape)
            g = ops.reshape(g, A.shape)
            g = ops.swap(g) if transa and a.ndim >= 2 else g
            ret.append(ops.cast(g, a.dtype))
        else:
            g = ops.sum_to(ops.matmul(ops.swap(A2), gy2), B2.shape)
            g = ops.reshape(g, B.shape)
            g = ops.swap(g) if transb and b.ndim >= 2 else g
            ret.append(ops.cast(g, b.dtype))
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

    .. admonition:: Example

        >>> a = np.array([[1, 2], [3, 4]], np.float32)
        >>> b = np.array([[1, 0], [1, 1]], np.float32)
        >>> F.matmul(a, b).array
        array([[3., 2.],
               [7., 4.]], dtype=float32)
        >>> F.matmul(a, b, transb=True).array
        array([[1., 3.],
               [3., 7.]], dtype=float32)
        >>> F.matmul(np.ones((5, 2, 3), np.float32), np.ones((3, 4), np.float32)).shape  # batched
        (5, 2, 4)
    """
    return MatMul(transa=transa, transb=transb).apply((a, b))[0]


def _as_batch_mat(x, ops=grad_ops.ARRAYS):
    """A batch of column vectors ``(B, N)`` as matrices ``(B, N, 1)`` (an array, or a
    Variable with ``ops=grad_ops.VARIABLES``)."""
    return ops.reshape(x, x.shape + (1,)) if x.ndim == 2 else x


def _batch_matmul_grads(a, b, gy, transa, transb, indexes):
    """The gradients of the batch product w.r.t. ``a`` and ``b`` at ``indexes`` (shaped as
    the inputs): the array computation of :class:`BatchMatMulGrad`."""
    gxs = _matmul_grads(_as_batch_mat(a), _as_batch_mat(b), gy, transa, transb, False,
                        indexes, grad_ops.ARRAYS)
    shapes = (a.shape, b.shape)
    return tuple([utils.force_array(g.reshape(shapes[i])) for g, i in zip(gxs, indexes)])


class BatchMatMul(function_node.FunctionNode):
    """Batched matrix product of the deprecated :func:`batch_matmul`.

    Inputs are batches of matrices ``(B, N, M)`` or of column vectors ``(B, N)``.
    """

    def __init__(self, transa=False, transb=False):
        self.transa = transa
        self.transb = transb

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a', 'b'))
        a_type, b_type = in_types
        type_check.expect(
            a_type.dtype == numpy.float32,
            b_type.dtype == numpy.float32,
            a_type.ndim >= 2, a_type.ndim <= 3,
            b_type.ndim >= 2, b_type.ndim <= 3,
        )
        # the contracted dimension of each operand; a batch of vectors is (B, N, 1)
        if type_check.eval(a_type.ndim) == 3:
            a_len = a_type.shape[1 if self.transa else 2]
        else:
            a_len = a_type.shape[1] if self.transa else 1
        if type_check.eval(b_type.ndim) == 3:
            b_len = b_type.shape[2 if self.transb else 1]
        else:
            b_len = 1 if self.transb else b_type.shape[1]
        type_check.expect(a_len == b_len)  # int == Expr reflects: reads "b.shape[i] == 1"

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        A = _as_batch_mat(a)
        B = _as_batch_mat(b)
        if self.transa:
            A = A.swapaxes(-1, -2)
        if self.transb:
            B = B.swapaxes(-1, -2)
        return utils.force_array(backend.get_array_module(a).matmul(A, B)),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        gxs = BatchMatMulGrad(self.transa, self.transb).apply((a, b, grad_outputs[0]))
        return tuple([gxs[i] for i in indexes])

    def _backward_arrays(self, indexes, grad_outputs):
        return _batch_matmul_grads(self.inputs[0].data, self.inputs[1].data, grad_outputs[0],
                                   self.transa, self.transb, indexes)


class BatchMatMulGrad(function_node.FunctionNode):
    """Gradients of :class:`BatchMatMul`: inputs ``(a, b, gy)``, outputs ``(ga, gb)``."""

    def __init__(self, transa=False, transb=False):
        self.transa = transa
        self.transb = transb

    def forward(self, inputs):
        self.retain_inputs((0, 1, 2))
        a, b, gy = inputs
        return _batch_matmul_grads(a, b, gy, self.transa, self.transb, (0, 1))

    def backward(self, indexes, grad_outputs):
        # ga = op_a(gy @ B~.T) and gb = op_b(A~.T @ gy), where A~ = op_a(A), B~ = op_b(B) and
        # op swaps the last two axes when the operand was transposed: both are bilinear.
        F = chainer.functions
        a, b, gy = self.get_retained_inputs()
        gga, ggb = grad_outputs
        A = _as_batch_mat(a, grad_ops.VARIABLES)
        B = _as_batch_mat(b, grad_ops.VARIABLES)
        At = F.swapaxes(A, 1, 2) if self.transa else A
        Bt = F.swapaxes(B, 1, 2) if self.transb else B
        Gat = Gbt = None
        if gga is not None:
            Gat = _as_batch_mat(gga, grad_ops.VARIABLES)
            Gat = F.swapaxes(Gat, 1, 2) if self.transa else Gat
        if ggb is not None:
            Gbt = _as_batch_mat(ggb, grad_ops.VARIABLES)
            Gbt = F.swapaxes(Gbt, 1, 2) if self.transb else Gbt
        ret = []
        for i in indexes:
            g = None
            if i == 0 and Gbt is not None:  # d/dA~ = gy @ Gb~.T
                g = matmul(gy, Gbt, transb=True)
                g = F.reshape(F.swapaxes(g, 1, 2) if self.transa else g, a.shape)
            elif i == 1 and Gat is not None:  # d/dB~ = Ga~.T @ gy
                g = matmul(Gat, gy, transa=True)
                g = F.reshape(F.swapaxes(g, 1, 2) if self.transb else g, b.shape)
            elif i == 2:  # d/dgy = Ga~ @ B~ + A~ @ Gb~
                if Gat is not None:
                    g = matmul(Gat, Bt)
                if Gbt is not None:
                    t = matmul(At, Gbt)
                    g = t if g is None else g + t
            ret.append(g)
        return tuple(ret)


def batch_matmul(a, b, transa=False, transb=False):
    """Computes the batch matrix product (deprecated: use :func:`matmul`).

    2-D inputs of shape ``(B, N)`` are treated as batches of column vectors ``(B, N, 1)``.

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Left operand, ``(B, N, M)`` or
            ``(B, N)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Right operand, ``(B, M, K)`` or
            ``(B, M)``.
        transa (bool): Transpose the matrices of ``a`` first.
        transb (bool): Transpose the matrices of ``b`` first.

    Returns:
        ~chainer.Variable: The batch of products, ``(B, N, K)``.

    .. admonition:: Example

        >>> a = np.ones((2, 2, 3), np.float32)
        >>> b = np.ones((2, 3, 4), np.float32)
        >>> y = F.batch_matmul(a, b)  # deprecated: F.matmul(a, b) computes the same
        >>> y.shape
        (2, 2, 4)
    """
    warnings.warn('batch_matmul is deprecated. Use matmul instead.', DeprecationWarning)
    return BatchMatMul(transa=transa, transb=transb).apply((a, b))[0]
