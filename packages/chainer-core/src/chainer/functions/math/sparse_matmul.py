"""Product of a sparse (COO) matrix and a dense matrix."""
import importlib.util

import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.utils import sparse as _sparse
from chainer.utils import type_check
from chainer.utils._scatter import scatter_add


#: v7's flag for the CPU path (which needs no SciPy here): whether SciPy is installed.
_scipy_available = importlib.util.find_spec('scipy') is not None


def _compute_dtype(*dtypes):
    return numpy.result_type(numpy.float32, *dtypes)


def _coo_matmul_2d(data, row, col, sp_shape, transa, dn, transb, transc, dtype):
    xp = backend.get_array_module(data, dn)
    valid = (row >= 0) & (col >= 0)
    data, row, col = data[valid], row[valid], col[valid]
    if transa:
        row, col = col, row
        m = sp_shape[1]
    else:
        m = sp_shape[0]
    b = dn.T if transb else dn
    cdtype = _compute_dtype(data.dtype, dn.dtype)
    c = xp.zeros((m, b.shape[1]), dtype=cdtype)
    contrib = data.astype(cdtype)[:, None] * b[col].astype(cdtype)
    scatter_add(c, row, contrib)
    if transc:
        c = c.T
    return c.astype(dtype)


def _coo_matmul(data, row, col, sp_shape, transa, dn, transb, transc, dtype):
    """``op(S) @ op(D)`` (transposed when ``transc``), batched when ``data`` is 2-D."""
    if data.ndim == 1:
        return _coo_matmul_2d(data, row, col, sp_shape, transa, dn, transb, transc, dtype)
    xp = backend.get_array_module(data, dn)
    return xp.stack([
        _coo_matmul_2d(data[i], row[i], col[i], sp_shape, transa, dn[i], transb, transc,
                       dtype)
        for i in range(data.shape[0])])


def _sampled_matmul_2d(a, b, row, col, transa, transb, transc, dtype):
    xp = backend.get_array_module(a, b)
    a = a.T if transa else a
    b = b.T if transb else b
    r, c = (col, row) if transc else (row, col)
    valid = (row >= 0) & (col >= 0)
    out = xp.zeros(row.shape, dtype=dtype)
    cdtype = _compute_dtype(a.dtype, b.dtype)
    rv, cv = r[valid], c[valid]
    out[valid] = (a[rv].astype(cdtype) * b[:, cv].T.astype(cdtype)).sum(axis=1)
    return out


def _sampled_matmul(a, b, row, col, transa, transb, transc, dtype):
    """Entries of ``op(a) @ op(b)`` (transposed when ``transc``) at ``(row, col)``."""
    if row.ndim == 1:
        return _sampled_matmul_2d(a, b, row, col, transa, transb, transc, dtype)
    xp = backend.get_array_module(a, b)
    return xp.stack([
        _sampled_matmul_2d(a[i], b[i], row[i], col[i], transa, transb, transc, dtype)
        for i in range(row.shape[0])])


class _CooPatternFunction(function_node.FunctionNode):
    # Base of the two functions tied to one COO pattern (indices, shape and order).

    def __init__(self, sp_row, sp_col, sp_shape, sp_order='other',
                 transa=False, transb=False, transc=False, dtype=None):
        self.sp_row = sp_row
        self.sp_col = sp_col
        self.sp_shape = tuple(sp_shape)
        self.sp_order = sp_order
        self.transa = transa
        self.transb = transb
        self.transc = transc
        self.dtype = dtype

    def _on_pattern(self, cls, transa, transb, transc, dtype):
        # A ``cls`` function on the same COO pattern with other transpositions and dtype.
        return cls(self.sp_row, self.sp_col, self.sp_shape, self.sp_order,
                   transa, transb, transc, dtype=dtype)


class CooMatMul(_CooPatternFunction):
    """``op(S) @ op(D)`` (transposed when ``transc``) for a COO matrix ``S``.

    The inputs are the entries of ``S`` and the dense ``D``; ``S``'s indices and shape are
    given to the constructor.
    """

    def __init__(self, sp_row, sp_col, sp_shape, sp_order='other',
                 transa=False, transb=False, transc=False, dtype=None):
        if sp_row.shape != sp_col.shape or sp_row.ndim not in (1, 2):
            raise ValueError('sp_row and sp_col must be 1-D or 2-D arrays of one shape, got '
                             '{} and {}'.format(sp_row.shape, sp_col.shape))
        if len(sp_shape) != 2:
            raise ValueError('sp_shape must have two entries, got {}'.format(sp_shape))
        super().__init__(sp_row, sp_col, sp_shape, sp_order, transa, transb, transc, dtype)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('sp', 'dn'))
        sp_type, dn_type = in_types
        type_check.expect(
            sp_type.dtype.kind == 'f',
            dn_type.dtype.kind == 'f',
            sp_type.ndim >= 1,
            sp_type.ndim <= 2,
            sp_type.ndim == dn_type.ndim - 1,
        )
        if type_check.eval(sp_type.ndim) == 2:
            type_check.expect(sp_type.shape[0] == dn_type.shape[0])
        k = self.sp_shape[0] if self.transa else self.sp_shape[1]
        dn_k = dn_type.shape[-1] if self.transb else dn_type.shape[-2]
        type_check.expect(dn_k == k)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        sp, dn = inputs
        dtype = self.dtype or numpy.result_type(sp.dtype, dn.dtype)
        c = _coo_matmul(sp, self.sp_row, self.sp_col, self.sp_shape, self.transa,
                        dn, self.transb, self.transc, dtype)
        return utils.force_array(c),

    def backward(self, indexes, grad_outputs):
        sp, dn = self.get_retained_inputs()
        gc, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(self._on_pattern(
                CooMatMulGradSP, self.transc, not self.transb, self.transa, sp.dtype,
            ).apply((gc, dn))[0])
        if 1 in indexes:
            ret.append(self._on_pattern(
                CooMatMul, not self.transa, self.transc, self.transb, dn.dtype,
            ).apply((sp, gc))[0])
        return ret


class CooMatMulGradSP(_CooPatternFunction):
    """Entries of ``op(a) @ op(b)`` (transposed when ``transc``) at a COO pattern.

    This is the gradient of :class:`CooMatMul` with respect to the sparse entries.
    """

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a', 'b'))
        a_type, b_type = in_types
        type_check.expect(
            a_type.dtype.kind == 'f',
            b_type.dtype.kind == 'f',
            a_type.ndim == self.sp_row.ndim + 1,
            b_type.ndim == a_type.ndim,
        )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        a, b = inputs
        dtype = self.dtype or numpy.result_type(a.dtype, b.dtype)
        return _sampled_matmul(a, b, self.sp_row, self.sp_col, self.transa, self.transb,
                               self.transc, dtype),

    def backward(self, indexes, grad_outputs):
        a, b = self.get_retained_inputs()
        g_sp, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(self._on_pattern(
                CooMatMul, self.transc, not self.transb, self.transa, a.dtype,
            ).apply((g_sp, b))[0])
        if 1 in indexes:
            ret.append(self._on_pattern(
                CooMatMul, not self.transc, self.transa, not self.transb, b.dtype,
            ).apply((g_sp, a))[0])
        return ret


def _is_dense(x):
    if isinstance(x, (chainer.Variable, numpy.ndarray)):
        return True
    return backend.get_array_module(x) is not numpy


def sparse_matmul(a, b, transa=False, transb=False):
    """Matrix product of a sparse (COO) and a dense operand, optionally batched.

    Exactly one of ``a`` and ``b`` is a :class:`~chainer.utils.CooMatrix` (see
    :func:`~chainer.utils.to_coo`); the other is a dense 2-D array, or 3-D for a batch.

    Args:
        a (~chainer.Variable, :ref:`ndarray` or ~chainer.utils.CooMatrix): The left operand.
        b (~chainer.Variable, :ref:`ndarray` or ~chainer.utils.CooMatrix): The right operand.
        transa (bool): If ``True``, each matrix in ``a`` is transposed.
        transb (bool): If ``True``, each matrix in ``b`` is transposed.

    Returns:
        ~chainer.Variable: The dense result.

    .. admonition:: Example

        >>> a = np.array([[0, 2, 0], [1, 0, 0]], np.float32)
        >>> sp = chainer.utils.to_coo(a)  # the non-zero entries of a
        >>> sp.data.array, sp.row, sp.col
        (array([2., 1.], dtype=float32), array([0, 1], dtype=int32), array([1, 0], dtype=int32))
        >>> b = np.array([[1, 2], [3, 4], [5, 6]], np.float32)
        >>> F.sparse_matmul(sp, b).array
        array([[6., 8.],
               [1., 2.]], dtype=float32)
    """
    if isinstance(a, _sparse.CooMatrix) and _is_dense(b):
        return CooMatMul(a.row, a.col, a.shape, a.order,
                         transa=transa, transb=transb, transc=False).apply((a.data, b))[0]
    if _is_dense(a) and isinstance(b, _sparse.CooMatrix):
        return CooMatMul(b.row, b.col, b.shape, b.order,
                         transa=not transb, transb=not transa, transc=True,
                         ).apply((b.data, a))[0]
    raise ValueError(
        'sparse_matmul needs one CooMatrix and one dense operand; got a: {}, b: {}'.format(
            type(a), type(b)))
