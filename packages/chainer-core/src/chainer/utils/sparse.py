"""COO sparse matrices (``chainer.utils.CooMatrix``), the operands of ``F.sparse_matmul``.

Index arrays may be padded with ``-1`` entries (negative row or column), which stand for no
element; this keeps the arrays of a batch at a common length.
"""
import numpy

import chainer
import chainerx
from chainer import backend
from chainer.utils._scatter import scatter_add


def _check_coo_arguments(data, row, col, shape, order):
    if data.ndim not in (1, 2):
        raise ValueError('ndim of data must be 1 or 2.')
    if row.ndim != data.ndim or col.ndim != data.ndim:
        raise ValueError('ndim of data, row and col must be the same.')
    if len(shape) != 2:
        raise ValueError('length of shape must be 2.')
    if min(shape) <= 0:
        raise ValueError('numbers in shape must be greater than 0.')
    if order not in ('C', 'F', 'other', None):
        raise ValueError("order must be 'C', 'F', 'other' or None.")


class CooMatrix:
    """Sparse matrix, or batch of sparse matrices, in coordinate (COO) format.

    Args:
        data (:ref:`ndarray`): Element values, shape ``(nnz,)`` for one matrix or
            ``(batch, nnz)`` for a batch.
        row (:ref:`ndarray`): Row index of each value (same shape as ``data``).
        col (:ref:`ndarray`): Column index of each value (same shape as ``data``).
        shape (tuple of int): Dense shape ``(rows, columns)`` of a matrix.
        order ('C', 'F', 'other' or None): How the elements are sorted: by row then column
            (``'C'``), by column then row (``'F'``) or otherwise; ``None`` finds it out with
            :func:`get_order`.
        requires_grad (bool): Whether backpropagation computes the gradient of ``data``.

    Attributes:
        data (~chainer.Variable): Element values.
        row (:ref:`ndarray`): Row indices.
        col (:ref:`ndarray`): Column indices.
        shape (tuple of int): Dense shape of a matrix.
        order (str): ``'C'``, ``'F'`` or ``'other'``.
    """

    def __init__(self, data, row, col, shape, order=None, requires_grad=False):
        _check_coo_arguments(data, row, col, shape, order)
        self.data = chainer.Variable(data, requires_grad=requires_grad)
        self.row = row
        self.col = col
        self.shape = tuple(shape)
        self.order = order if order is not None else get_order(row, col)

    def to_dense(self):
        """Returns the dense array: ``shape``, or ``(batch,) + shape`` for a batch.

        Values sharing a position are summed; padding entries are ignored.
        """
        data = self.data.array
        device = backend.get_device_from_array(data)
        if device.xp is chainerx:  # built on NumPy/CuPy views, then sent back
            fallback = CooMatrix(backend.from_chx(data), backend.from_chx(self.row),
                                 backend.from_chx(self.col), self.shape, self.order)
            return device.send(fallback.to_dense())
        xp = backend.get_array_module(data)
        if data.ndim == 1:
            dense = xp.zeros(self.shape, dtype=data.dtype)
            _add_entries(xp, dense, data, self.row, self.col)
            return dense
        dense = xp.zeros((len(data),) + self.shape, dtype=data.dtype)
        for k in range(len(data)):
            _add_entries(xp, dense[k], data[k], self.row[k], self.col[k])
        return dense


def _add_entries(xp, dense, values, rows, cols):
    keep = (rows >= 0) & (cols >= 0)
    scatter_add(dense, (rows[keep], cols[keep]), values[keep])


def _coo_arrays(xp, matrix, length):
    # (data, row, col) of a 2-D dense array, padded with -1 indices up to ``length``.
    rows, cols = xp.nonzero(matrix)
    count = len(rows)
    data = xp.zeros(length, dtype=matrix.dtype)
    row = xp.full(length, -1, dtype=numpy.int32)
    col = xp.full(length, -1, dtype=numpy.int32)
    data[:count] = matrix[rows, cols]
    row[:count] = rows
    col[:count] = cols
    return data, row, col


def to_coo(x, ldnz=None, requires_grad=False):
    """Converts a dense matrix, or a batch of them, to :class:`CooMatrix` (C order).

    Args:
        x (:ref:`ndarray`): A matrix (2-D) or a batch of matrices (3-D).
        ldnz (int): Minimum length of the element arrays; they are as long as the largest
            number of non-zero elements otherwise, padding included.
        requires_grad (bool): Whether backpropagation computes the gradient of the data.

    Returns:
        ~chainer.utils.CooMatrix: The sparse matrix or batch.

    .. admonition:: Example

        >>> x = np.array([[0, 2, 0], [1, 0, 3]], np.float32)
        >>> sp = chainer.utils.to_coo(x)
        >>> sp.data.array  # the non-zero values
        array([2., 1., 3.], dtype=float32)
        >>> sp.row, sp.col  # and their indices
        (array([0, 1, 1], dtype=int32), array([1, 0, 2], dtype=int32))
        >>> sp.to_dense()
        array([[0., 2., 0.],
               [1., 0., 3.]], dtype=float32)
    """
    device = backend.get_device_from_array(x)
    if device.xp is chainerx:  # built on the NumPy/CuPy view, then sent back
        coo = to_coo(backend.from_chx(x), ldnz)
        return CooMatrix(device.send(coo.data.array), device.send(coo.row),
                         device.send(coo.col), coo.shape, order='C',
                         requires_grad=requires_grad)
    xp = backend.get_array_module(x)
    floor = 0 if ldnz is None else ldnz
    if x.ndim == 2:
        data, row, col = _coo_arrays(xp, x, max(int(xp.count_nonzero(x)), floor))
    elif x.ndim == 3:
        length = max([int(xp.count_nonzero(m)) for m in x] + [floor])
        data = xp.zeros((len(x), length), dtype=x.dtype)
        row = xp.full((len(x), length), -1, dtype=numpy.int32)
        col = xp.full((len(x), length), -1, dtype=numpy.int32)
        for k in range(len(x)):
            data[k], row[k], col[k] = _coo_arrays(xp, x[k], length)
    else:
        raise ValueError('ndim of x must be 2 or 3.')
    return CooMatrix(data, row, col, x.shape[-2:], order='C', requires_grad=requires_grad)


def _sorted_by(major, minor):
    """Whether the valid entries are sorted by ``major`` and then by ``minor``."""
    if major.shape != minor.shape:
        raise ValueError('shape of row and col must be the same.')
    if major.ndim > 1:
        return all(_sorted_by(major[k], minor[k]) for k in range(major.shape[0]))
    xp = backend.get_array_module(major)
    major_ok = major >= 0
    if bool((major_ok != (minor >= 0)).any()):
        raise ValueError('invalid index combination of row and col.')
    a = major[major_ok]
    b = minor[major_ok]
    if a.size < 2:
        return True
    step_a = a[1:] - a[:-1]
    step_b = b[1:] - b[:-1]
    return not bool(xp.logical_or(step_a < 0, (step_a == 0) & (step_b < 0)).any())


def get_order(row, col):
    """Tells how the elements of a COO matrix are sorted.

    Args:
        row (:ref:`ndarray`): Row indices.
        col (:ref:`ndarray`): Column indices.

    Returns:
        str: ``'C'`` (by row, then column), ``'F'`` (by column, then row) or ``'other'``.
    """
    if _sorted_by(row, col):
        return 'C'
    if _sorted_by(col, row):
        return 'F'
    return 'other'
