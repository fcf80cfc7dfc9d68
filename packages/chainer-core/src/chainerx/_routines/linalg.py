"""Linear algebra: dot/matmul and the ``chainerx.linalg`` routines (all differentiable).

The ``chainerx.linalg`` routines take ``float32`` or ``float64`` arrays (``DtypeError``
otherwise) of the shapes NumPy accepts for a single matrix (``DimensionError`` otherwise).
Gradients are those of the entries LAPACK reads: :func:`cholesky`, :func:`eigh` and
:func:`eigvalsh` only read one triangle of the input.
"""
import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core
from chainerx._routines import arithmetic
from chainerx._routines import creation
from chainerx._routines import indexing
from chainerx._routines import manipulation
from chainerx._routines import reduction

ndarray = _core.ndarray
_wrap = _core.wrap_result
_unary_output = _core.unary_output


# --------------------------------------------------------------------------------------------
# dot

def _matmul2d_bw(xp, op, xs, ys, gys):
    gy = gys[0]
    a, b = xs
    inputs = op.inputs
    ga = None if inputs[0] is None else _mm(xp, gy, b.T)
    gb = None if inputs[1] is None else _mm(xp, a.T, gy)
    return ga, gb


def _mm(xp, a, b):
    if _core.is_chainerx(xp):
        return _matmul2d(a, b)
    return a.dot(b)


def _matmul2d(a, b):
    d1, d2 = _core.binary_data(a, b)
    if d1.shape[1] != d2.shape[0]:
        raise _errors.DimensionError('Axis dimension mismatch: shapes {} and {}'.format(
            d1.shape, d2.shape))
    y = _wrap(d1.dot(d2), a._device)
    if (a._nodes is not None or b._nodes is not None) and y._data.dtype.kind == 'f':
        _graph.record_binary(a, b, y, _matmul2d_bw, None, True)
    return y


def dot(a, b):
    """Dot product of two arrays (the same contraction rules as :func:`numpy.dot`)."""
    _core.check_array(a, 'a')
    _core.check_array(b, 'b')
    if a.ndim == 0 or b.ndim == 0:
        return arithmetic.multiply(a, b)
    k = a.shape[-1]
    b_k = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if k != b_k:
        raise _errors.DimensionError('Axis dimension mismatch: shapes {} and {} not aligned'
                                     .format(a.shape, b.shape))
    out_shape = a.shape[:-1] + (b.shape[:-2] + b.shape[-1:] if b.ndim > 1 else ())
    a2 = a if a.ndim == 2 else manipulation.reshape(a, (-1, k))
    if b.ndim == 1:
        b2 = manipulation.reshape(b, (k, 1))
    elif b.ndim == 2:
        b2 = b
    else:
        b2 = manipulation.reshape(manipulation.moveaxis(b, -2, 0), (k, -1))
    y = _matmul2d(a2, b2)
    if y.shape != out_shape:
        y = manipulation.reshape(y, out_shape)
    return y


def matmul(a, b):
    """Matrix product with NumPy's :func:`numpy.matmul` broadcasting rules."""
    _core.check_array(a, 'a')
    _core.check_array(b, 'b')
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError('matmul: input operand does not have enough dimensions')
    if a.ndim <= 2 and b.ndim <= 2:
        return dot(a, b)
    a_ = manipulation.reshape(a, (1,) + a.shape) if a.ndim == 1 else a
    b_ = manipulation.reshape(b, b.shape + (1,)) if b.ndim == 1 else b
    # (..., n, k, 1) * (..., 1, k, m) summed over k
    prod = arithmetic.multiply(manipulation.expand_dims(a_, -1),
                               manipulation.expand_dims(b_, -3))
    y = reduction.sum(prod, -2)
    if a.ndim == 1:
        y = manipulation.squeeze(y, -2)
    if b.ndim == 1:
        y = manipulation.squeeze(y, -1)
    return y


# --------------------------------------------------------------------------------------------
# chainerx.linalg

def _check_float_matrix(a, name, square=True):
    _core.check_array(a, 'a')
    if a.dtype.kind != 'f' or a.dtype == numpy.float16:
        raise _errors.DtypeError('{}: only float32 and float64 are supported, not {}'.format(
            name, a.dtype))
    if a.ndim != 2:
        raise _errors.DimensionError('{}: a 2-d array is required, not {}-d'.format(
            name, a.ndim))
    if square and a.shape[0] != a.shape[1]:
        raise _errors.DimensionError('{}: a square matrix is required, not {}'.format(
            name, a.shape))


def _lin(device):
    return device.xp.linalg


def _matrix_output(a, name, backward):
    # the matrix ``linalg.<name>(a)`` of the device's array module, recorded keeping itself
    out = _raw_call(a._device, getattr(_lin(a._device), name), a._data)
    return _unary_output(a, out, backward, None, False, True)


def _raw_call(device, fn, *args):
    try:
        return fn(*args)
    except numpy.linalg.LinAlgError as e:
        raise _errors.ChainerxError(str(e)) from None


def _inv_bw(xp, op, xs, ys, gys):
    y, = ys
    yt = y.T
    return -_mm(xp, _mm(xp, yt, gys[0]), yt),


def inv(a):
    """The inverse of a square matrix."""
    _check_float_matrix(a, 'inv')
    return _matrix_output(a, 'inv', _inv_bw)


def _solve_bw(xp, op, xs, ys, gys):
    a, b = xs
    x, = ys
    gx = gys[0]
    if _core.is_chainerx(xp):
        gb = solve(a.T, gx)
    else:
        gb = xp.linalg.solve(a.T, gx)
    ga = None
    if op.inputs[0] is not None:
        if gb.ndim == 1:
            ga = -_outer(xp, gb, x)
        else:
            ga = -_mm(xp, gb, x.T)
    return ga, gb if op.inputs[1] is not None else None


def _outer(xp, u, v):
    return u.reshape((-1, 1)) * v.reshape((1, -1))


def solve(a, b):
    """The solution ``x`` of ``a x = b`` (``b`` is a vector or a matrix)."""
    _check_float_matrix(a, 'solve')
    _core.check_array(b, 'b')
    if b.ndim not in (1, 2) or b.shape[0] != a.shape[0]:
        raise _errors.DimensionError('solve: b of shape {} does not match a of shape {}'
                                     .format(b.shape, a.shape))
    d1, d2 = _core.binary_data(a, b)
    y = _wrap(_raw_call(a._device, _lin(a._device).solve, d1, d2), a._device)
    if a._nodes is not None or b._nodes is not None:
        _graph.record((a, b), (y,), _solve_bw, None, True, True)
    return y


def _phi(xp, m):
    # lower triangle with the diagonal halved
    return _tril(xp, m) - _tril(xp, m) * _eye_like(xp, m) * m.dtype.type(0.5)


def _tril(xp, m, k=0):
    return xp.tril(m, k)


def _eye_like(xp, m):
    if _core.is_chainerx(xp):
        return creation.eye(m.shape[0], m.shape[1], 0, m.dtype, m.device)
    return xp.eye(m.shape[0], m.shape[1], dtype=m.dtype)


def _lower_entries_grad(xp, g):
    # d/dA of f(tril(A) + tril(A, -1).T) from the symmetric gradient g
    return _tril(xp, g + g.T) - g * _eye_like(xp, g)


def _cholesky_bw(xp, op, xs, ys, gys):
    L, = ys
    gL = gys[0]
    p = _phi(xp, _mm(xp, L.T, gL))
    if _core.is_chainerx(xp):
        linv = inv(L)
    else:
        linv = xp.linalg.inv(L)
    s = _mm(xp, _mm(xp, linv.T, p), linv)
    s = (s + s.T) * s.dtype.type(0.5)
    return _lower_entries_grad(xp, s),


def cholesky(a):
    """The lower Cholesky factor of a symmetric positive-definite matrix (lower triangle
    read)."""
    _check_float_matrix(a, 'cholesky')
    return _matrix_output(a, 'cholesky', _cholesky_bw)


def _eigh_bw(xp, op, xs, ys, gys):
    w, v = ys
    gw, gv = gys
    uplo = op.params
    n = w.shape[0]
    g = None
    if gw is not None:
        g = _mm(xp, v * gw.reshape((1, n)), v.T)
    if gv is not None:
        diff = w.reshape((1, n)) - w.reshape((n, 1))
        eye = _eye_like(xp, diff)
        f = (1 - eye) / (diff + eye)
        inner = f * _mm(xp, v.T, gv)
        gv_part = _mm(xp, _mm(xp, v, inner), v.T)
        g = gv_part if g is None else g + gv_part
    g = (g + g.T) * g.dtype.type(0.5)
    if uplo == 'U':
        return _lower_entries_grad(xp, g.T).T,
    return _lower_entries_grad(xp, g),


def eigh(a, UPLO='L'):
    """Eigenvalues (ascending) and eigenvectors of a symmetric matrix.

    Only the ``UPLO`` (``'L'`` or ``'U'``) triangle of ``a`` is read.
    """
    _check_float_matrix(a, 'eigh')
    if UPLO not in ('L', 'U'):
        raise ValueError('UPLO must be \'L\' or \'U\', not {!r}'.format(UPLO))
    w, v = _raw_call(a._device, _lin(a._device).eigh, a._data, UPLO)
    w = _wrap(w, a._device)
    v = _wrap(v, a._device)
    if a._nodes is not None:
        _graph.record((a,), (w, v), _eigh_bw, UPLO, False, True)
    return w, v


def eigvalsh(a, UPLO='L'):
    """Eigenvalues (ascending) of a symmetric matrix (``UPLO`` triangle read)."""
    return eigh(a, UPLO)[0]


def _qr_bw(xp, op, xs, ys, gys):
    q, r = ys
    gq, gr = gys
    m = 0
    if gr is not None:
        m = _mm(xp, r, gr.T)
    if gq is not None:
        m = m - _mm(xp, gq.T, q)
    copyltu = _tril(xp, m) + _tril(xp, m, -1).T
    b = _mm(xp, q, copyltu)
    if gq is not None:
        b = gq + b
    # ga = b r^{-T}: solve r x^T = b^T
    if _core.is_chainerx(xp):
        ga_t = solve(r, b.T)
    else:
        ga_t = xp.linalg.solve(r, b.T)
    return ga_t.T,


def qr(a, mode='reduced'):
    """QR decomposition; ``mode`` is ``'reduced'`` (q, r), ``'complete'``, ``'r'`` or
    ``'raw'``. Only ``'reduced'`` with at least as many rows as columns is differentiable."""
    _check_float_matrix(a, 'qr', square=False)
    if mode not in ('reduced', 'complete', 'r', 'raw'):
        raise ValueError('Unrecognized mode \'{}\''.format(mode))
    res = _raw_call(a._device, _lin(a._device).qr, a._data, mode)
    if mode == 'r':
        return _wrap(res, a._device)
    q, r = (_wrap(x, a._device) for x in res)
    if (mode == 'reduced' and a._nodes is not None and a.shape[0] >= a.shape[1]):
        _graph.record((a,), (q, r), _qr_bw, None, False, True)
    return q, r


def _svd_bw(xp, op, xs, ys, gys):
    u, s, vt = ys
    gu, gs, gvt = gys
    k = s.shape[0]
    m, n = u.shape[0], vt.shape[1]
    v = vt.T
    ga = None
    if gs is not None:
        ga = _mm(xp, u * gs.reshape((1, k)), vt)
    if gu is not None or gvt is not None:
        s2 = s * s
        diff = s2.reshape((1, k)) - s2.reshape((k, 1))
        eye = _eye_like(xp, diff)
        f = (1 - eye) / (diff + eye)
        s_row = s.reshape((1, k))
        inner = None
        if gu is not None:
            ut_gu = _mm(xp, u.T, gu)
            j = f * (ut_gu - ut_gu.T)
            inner = j * s_row
            if m > k:
                proj = gu - _mm(xp, u, ut_gu)
                extra = _mm(xp, proj / s_row, vt)
                ga = extra if ga is None else ga + extra
        if gvt is not None:
            gv = gvt.T
            vt_gv = _mm(xp, vt, gv)
            kk = f * (vt_gv - vt_gv.T)
            part = s.reshape((k, 1)) * kk
            inner = part if inner is None else inner + part
            if n > k:
                proj = gv - _mm(xp, v, vt_gv)
                extra = _mm(xp, u / s_row, proj.T)
                ga = extra if ga is None else ga + extra
        if inner is not None:
            core = _mm(xp, _mm(xp, u, inner), vt)
            ga = core if ga is None else ga + core
    return ga,


def svd(a, full_matrices=True, compute_uv=True):
    """Singular value decomposition ``u, s, vt`` (or ``s`` when ``compute_uv`` is False).

    Differentiable with ``full_matrices=False`` (or square input) and distinct singular
    values.
    """
    _check_float_matrix(a, 'svd', square=False)
    lin = _lin(a._device)
    if not compute_uv:
        s = _wrap(_raw_call(a._device, lin.svd, a._data, False, False), a._device)
        if a._nodes is not None:
            u, s2, vt = svd(a, False, True)
            return s2
        return s
    u, s, vt = (_wrap(x, a._device)
                for x in _raw_call(a._device, lin.svd, a._data, full_matrices, True))
    if a._nodes is not None and (not full_matrices or a.shape[0] == a.shape[1]):
        _graph.record((a,), (u, s, vt), _svd_bw, None, False, True)
    return u, s, vt


def pinv(a, rcond=1e-15):
    """The Moore-Penrose pseudo-inverse (singular values below ``rcond * max(s)`` dropped)."""
    _check_float_matrix(a, 'pinv', square=False)
    u, s, vt = svd(a, False, True)
    if s.shape[0] == 0:
        return creation.zeros((a.shape[1], a.shape[0]), a.dtype, a.device)
    cutoff = reduction.amax(s).as_grad_stopped() * s.dtype.type(rcond)
    keep = s > cutoff
    s_safe = indexing.where(keep, s, s.dtype.type(1))
    s_inv = indexing.where(keep, arithmetic.divide(s.dtype.type(1), s_safe),
                           s.dtype.type(0))
    scaled = arithmetic.multiply(vt.T, s_inv.reshape((1, -1)))
    return dot(scaled, u.T)
