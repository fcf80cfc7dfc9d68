"""Sparse matrices in COO format (``chainer.utils.CooMatrix``) for ``F.sparse_matmul``."""
import numpy

import chainer
from chainer import backend


def _scatter_add(xp, a, indices, values):
    if xp is numpy:
        numpy.add.at(a, indices, values)
    else:
        import cupyx
        cupyx.scatter_add(a, indices, values)


class CooMatrix:
    """A sparse matrix in COO format.

    Entries whose row or column index is negative are padding and are ignored.

    Args:
        data (:ref:`ndarray`): The entries of the matrix (usually its non-zero elements);
            one-dimensional for a single matrix, two-dimensional ``(batch, ldnz)`` for a batch.
        row (:ref:`ndarray`): The row indices of the entries (same shape as ``data``).
        col (:ref:`ndarray`): The column indices of the entries (same shape as ``data``).
        shape (tuple of int): The shape of the matrix in dense format.
        order ('C', 'F', 'other' or None): ``'C'`` if the entries are sorted by row (then
            column), ``'F'`` if sorted by column (then row), ``'other'`` otherwise. ``None``
            (default) detects it with :func:`get_order`.
        requires_grad (bool): If ``True``, the gradient of ``data`` is computed in
            back-propagation.

    Attributes:
        data (~chainer.Variable): The entries.
        row, col (:ref:`ndarray`): The indices.
        shape (tuple of int): The dense shape.
        order (str): ``'C'``, ``'F'`` or ``'other'``.
    """

    def __init__(self, data, row, col, shape, order=None, requires_grad=False):
        if not (1 <= data.ndim <= 2):
            raise ValueError('ndim of data must be 1 or 2.')
        if not (data.ndim == row.ndim == col.ndim):
            raise ValueError('ndim of data, row and col must be the same.')
        if len(shape) != 2:
            raise ValueError('length of shape must be 2.')
        if not (shape[0] > 0 and shape[1] > 0):
            raise ValueError('numbers in shape must be greater than 0.')
        if order not in ('C', 'F', 'other', None):
            raise ValueError('order must be \'C\', \'F\', \'other\' or None.')
        self.data = chainer.Variable(data, requires_grad=requires_grad)
        self.row = row
        self.col = col
        self.shape = tuple(shape)
        self.order = get_order(row, col) if order is None else order

    def to_dense(self):
        """Returns the dense matrix (or batch of matrices) as an array."""
        data = self.data.array
        xp = backend.get_array_module(data)
        if data.ndim == 1:
            x = xp.zeros(self.shape, dtype=data.dtype)
            valid = (self.row >= 0) & (self.col >= 0)
            _scatter_add(xp, x, (self.row[valid], self.col[valid]), data[valid])
            return x
        x = xp.zeros((data.shape[0],) + self.shape, dtype=data.dtype)
        for i in range(data.shape[0]):
            valid = (self.row[i] >= 0) & (self.col[i] >= 0)
            _scatter_add(xp, x[i], (self.row[i][valid], self.col[i][valid]), data[i][valid])
        return x


def to_coo(x, ldnz=None, requires_grad=False):
    """Returns a single or a batch of matrices in COO format.

    Args:
        x (:ref:`ndarray`): Input dense matrix. The ndim of ``x`` must be two or three. If
            two, it is treated as a single matrix; if three, as a batch of matrices.
        ldnz (int): Size of arrays for data, row index and column index to be created. The
            actual size becomes ``max(nnz, ldnz)`` where ``nnz`` is the number of non-zero
            elements (the maximum over the batch); extra entries are padding (index -1).
        requires_grad (bool): If ``True``, the gradient of the sparse matrix is computed in
            back-propagation.

    Returns:
        ~chainer.utils.CooMatrix: The matrix or matrices in COO format (C order).
    """
    xp = backend.get_array_module(x)
    if x.ndim == 2:
        _row, _col = xp.where(x != 0)
        nnz = len(_row)
        if ldnz is None or ldnz < nnz:
            ldnz = nnz
        data = xp.zeros(ldnz, dtype=x.dtype)
        row = xp.full(ldnz, -1, dtype=numpy.int32)
        col = xp.full(ldnz, -1, dtype=numpy.int32)
        data[:nnz] = x[_row, _col]
        row[:nnz] = _row
        col[:nnz] = _col
        return CooMatrix(data, row, col, x.shape, order='C', requires_grad=requires_grad)
    if x.ndim == 3:
        nb = x.shape[0]
        nnz = max([int((x[i] != 0).sum()) for i in range(nb)] or [0])
        if ldnz is None or ldnz < nnz:
            ldnz = nnz
        data = xp.zeros((nb, ldnz), dtype=x.dtype)
        row = xp.full((nb, ldnz), -1, dtype=numpy.int32)
        col = xp.full((nb, ldnz), -1, dtype=numpy.int32)
        for i in range(nb):
            coo = to_coo(x[i], ldnz)
            data[i] = coo.data.array
            row[i] = coo.row
            col[i] = coo.col
        return CooMatrix(
            data, row, col, x.shape[1:], order='C', requires_grad=requires_grad)
    raise ValueError('ndim of x must be 2 or 3.')


def _is_c_order(row, col):
    """Whether the valid (non-negative) entries are sorted by ``row`` and then ``col``."""
    if row.shape != col.shape:
        raise ValueError('shape of row and col must be the same.')
    if row.ndim != 1:
        return all(_is_c_order(row[i], col[i]) for i in range(row.shape[0]))
    xp = backend.get_array_module(row)
    valid = (row >= 0) & (col >= 0)
    if bool(((row >= 0) != (col >= 0)).any()):
        raise ValueError('invalid index combination of row and col.')
    r = row[valid]
    c = col[valid]
    if r.shape[0] <= 1:
        return True
    dr = r[1:] - r[:-1]
    if bool((dr < 0).any()):
        return False
    dc = c[1:] - c[:-1]
    return not bool(xp.logical_and(dr == 0, dc < 0).any())


def get_order(row, col):
    """Checks the order of the entries of a COO matrix.

    Args:
        row (:ref:`ndarray`): The row indices.
        col (:ref:`ndarray`): The column indices.

    Returns:
        str: ``'C'`` if sorted by row then column, ``'F'`` if sorted by column then row,
        ``'other'`` otherwise.
    """
    if _is_c_order(row, col):
        return 'C'
    if _is_c_order(col, row):
        return 'F'
    return 'other'
