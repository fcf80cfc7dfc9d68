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
        return self._grads(indexes, a, b, grad_outputs[0], _VARIABLE_OPS)

    def _backward_arrays(self, indexes, grad_outputs):
        a, b = self.inputs[0].data, self.inputs[1].data
        return self._grads(indexes, a, b, grad_outputs[0], _ARRAY_OPS)

    def _grads(self, indexes, a, b, gy, ops):
        """Input gradients, written once for Variables and for raw arrays (``ops``)."""
        if self.transc and gy.ndim >= 2:
            gy = ops.swap(gy)
        A = ops.swap(a) if self.transa and a.ndim >= 2 else a
        B = ops.swap(b) if self.transb and b.ndim >= 2 else b
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
                g = ops.swap(g) if self.transa and a.ndim >= 2 else g
                ret.append(ops.cast(g, a.dtype))
            else:
                g = ops.sum_to(ops.matmul(ops.swap(A2), gy2), B2.shape)
                g = ops.reshape(g, B.shape)
                g = ops.swap(g) if self.transb and b.ndim >= 2 else g
                ret.append(ops.cast(g, b.dtype))
        return tuple(ret)


class _VariableOps:
    """Differentiable operations on Variables used by :meth:`MatMul._grads`."""

    @staticmethod
    def swap(x):
        return _swap_last(x)

    @staticmethod
    def reshape(x, shape):
        return chainer.functions.reshape(x, shape)

    @staticmethod
    def sum_to(x, shape):
        return chainer.functions.sum_to(x, shape)

    @staticmethod
    def matmul(x, y):
        return matmul(x, y)

    @staticmethod
    def cast(x, dtype):
        return x if x.dtype == dtype else chainer.functions.cast(x, dtype)


class _ArrayOps:
    """The same operations on raw arrays (the fast path without double backprop)."""

    @staticmethod
    def swap(x):
        return x.swapaxes(-1, -2)

    @staticmethod
    def reshape(x, shape):
        return x.reshape(shape)

    @staticmethod
    def sum_to(x, shape):
        return utils.sum_to(x, shape)

    @staticmethod
    def matmul(x, y):
        return backend.get_array_module(x).matmul(x, y)

    @staticmethod
    def cast(x, dtype):
        return x if x.dtype == dtype else x.astype(dtype)


_VARIABLE_OPS = _VariableOps
_ARRAY_OPS = _ArrayOps


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


class BatchMatMul(MatMul):
    """Batched matrix product of the deprecated :func:`batch_matmul`."""


def batch_matmul(a, b, transa=False, transb=False):
    """Computes the batch matrix product (deprecated: use :func:`matmul`).

    2-D inputs of shape ``(B, N)`` are treated as batches of column vectors ``(B, N, 1)``.

    .. admonition:: Example

        >>> a = np.ones((2, 2, 3), np.float32)
        >>> b = np.ones((2, 3, 4), np.float32)
        >>> y = F.batch_matmul(a, b)  # deprecated: F.matmul(a, b) computes the same
        >>> y.shape
        (2, 2, 4)
    """
    warnings.warn('batch_matmul is deprecated. Use matmul instead.', DeprecationWarning)
    a = chainer.as_variable(a)
    b = chainer.as_variable(b)
    a = chainer.functions.reshape(a, a.shape + (1,)) if a.ndim == 2 else a
    b = chainer.functions.reshape(b, b.shape + (1,)) if b.ndim == 2 else b
    return BatchMatMul(transa=transa, transb=transb).apply((a, b))[0]
