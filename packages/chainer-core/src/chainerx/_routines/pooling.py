"""N-dimensional max pooling and average pooling.

Both pool windows of im2col patches of ``x`` ``(N, C, d_1, ..., d_n)``. The backward of each
pooling is a linear primitive whose own backward is the matching forward gather, so pooling
supports double backprop.
"""
import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core
from chainerx._routines import connection

ndarray = _core.ndarray
_wrap = _core.wrap_result


def _pool_args(x, ksize, stride, pad, name):
    _core.check_array(x, 'x')
    n = x.ndim - 2
    if n < 1:
        raise _errors.DimensionError('{}: x must have at least 3 dimensions'.format(name))
    ksize = connection._tuple(ksize, n, 'ksize')
    stride = ksize if stride is None else connection._tuple(stride, n, 'stride')
    pad = connection._tuple(pad, n, 'pad')
    for k, s, p in zip(ksize, stride, pad):
        if k <= 0 or s <= 0 or p < 0:
            raise _errors.DimensionError('{}: invalid ksize {} stride {} pad {}'.format(
                name, ksize, stride, pad))
    return ksize, stride, pad


def _outsizes(dims, ksize, stride, pad, cover_all, name):
    get_conv_outsize = connection._conv().get_conv_outsize
    outs = tuple(get_conv_outsize(d, k, s, p, cover_all)
                 for d, k, s, p in zip(dims, ksize, stride, pad))
    if any(o <= 0 for o in outs):
        raise _errors.DimensionError('{}: the output size would be {}'.format(name, outs))
    return outs


def _patches(x, ksize, stride, pad, cover_all, pval):
    return connection._conv_nd().im2col_nd(x, ksize, stride, pad, cover_all=cover_all,
                                           pval=pval)


# --------------------------------------------------------------------------------------------
# max pooling

def _flat_patches(col, n):
    # (N, C, k..., o...) -> (N, C, K, o...)
    shape = col.shape
    return col.reshape(shape[:2] + (-1,) + shape[2 + n:])


def _max_pool_scatter_raw(xp, gy, index, params):
    ksize, stride, pad, cover_all, dims = params
    kk = int(numpy.prod(ksize))
    positions = xp.arange(kk).reshape((1, 1, kk) + (1,) * len(dims))
    gcol = xp.where(positions == xp.expand_dims(index, 2), xp.expand_dims(gy, 2),
                    gy.dtype.type(0)).astype(gy.dtype, copy=False)
    gcol = gcol.reshape(gy.shape[:2] + tuple(ksize) + gy.shape[2:])
    return connection._unpatches(gcol, stride, pad, dims).astype(gy.dtype, copy=False)


def _max_pool_gather_raw(xp, gx, index, params):
    ksize, stride, pad, cover_all, dims = params
    col = _flat_patches(_patches(gx, ksize, stride, pad, cover_all, 0), len(dims))
    return xp.take_along_axis(col, xp.expand_dims(index, 2), axis=2)[:, :, 0]


def _max_pool_bw(xp, op, xs, ys, gys):
    index, params = op.params
    if _core.is_chainerx(xp):
        return _max_pool_scatter(gys[0], index, params),
    return _max_pool_scatter_raw(xp, gys[0], index, params),


def _max_pool_scatter_bw(xp, op, xs, ys, gys):
    index, params = op.params
    if _core.is_chainerx(xp):
        return _max_pool_gather(gys[0], index, params),
    return _max_pool_gather_raw(xp, gys[0], index, params),


def _max_pool_gather_bw(xp, op, xs, ys, gys):
    return _max_pool_bw(xp, op, xs, ys, gys)


def _max_pool_scatter(gy, index, params):
    return _core.device_unary_output(gy, _max_pool_scatter_raw, (index, params),
                                     _max_pool_scatter_bw, (index, params))


def _max_pool_gather(gx, index, params):
    return _core.device_unary_output(gx, _max_pool_gather_raw, (index, params),
                                     _max_pool_gather_bw, (index, params))


def max_pool(x, ksize, stride=None, pad=0, cover_all=False):
    """N-dimensional max pooling.

    Args:
        x (~chainerx.ndarray): Input ``(N, C, d_1, ..., d_n)``.
        ksize (int or tuple of ints): Window size.
        stride (int or tuple of ints): Strides (``ksize`` when None).
        pad (int or tuple of ints): Paddings (padded elements never win).
        cover_all (bool): Add windows so that every input element is covered.
    """
    ksize, stride, pad = _pool_args(x, ksize, stride, pad, 'max_pool')
    dims = x.shape[2:]
    _outsizes(dims, ksize, stride, pad, cover_all, 'max_pool')
    d = x._data
    if d.dtype.kind == 'f':
        pval = -numpy.inf
    elif d.dtype.kind == 'b':
        pval = False
    else:
        pval = numpy.iinfo(d.dtype).min
    with x._device._use():
        col = _flat_patches(_patches(d, ksize, stride, pad, cover_all, pval), len(dims))
        index = col.argmax(axis=2)
        out = x._device.xp.take_along_axis(col, index[:, :, None], axis=2)[:, :, 0]
    y = _wrap(out, x._device)
    if x._nodes is not None and d.dtype.kind == 'f':
        _graph.record_unary(x, y, _max_pool_bw, (index, (ksize, stride, pad, cover_all, dims)),
                            False, False)
    return y


# --------------------------------------------------------------------------------------------
# average pooling

def _avg_divisor(xp, shape, dtype, ksize, stride, pad, pad_mode):
    # (1, 1, o...) counts of the elements each window averages
    dims = shape[2:]
    if pad_mode == 'zero' or not any(pad):
        return dtype.type(int(numpy.prod(ksize)))
    ones = xp.ones((1, 1) + tuple(dims), dtype)
    col = _patches(ones, ksize, stride, pad, False, 0)
    n = len(dims)
    return col.sum(axis=tuple(range(2, 2 + n)))


def _avg_pool_raw(xp, x, params):
    ksize, stride, pad, pad_mode, dims = params
    n = len(dims)
    col = _patches(x, ksize, stride, pad, False, 0)
    total = col.sum(axis=tuple(range(2, 2 + n)))
    return (total / _avg_divisor(xp, x.shape, x.dtype, ksize, stride, pad, pad_mode)).astype(
        x.dtype, copy=False)


def _avg_pool_grad_raw(xp, gy, params):
    ksize, stride, pad, pad_mode, dims = params
    n = len(dims)
    g = gy / _avg_divisor(xp, gy.shape[:2] + tuple(dims), gy.dtype, ksize, stride, pad,
                          pad_mode)
    g = g.astype(gy.dtype, copy=False)
    gcol = xp.broadcast_to(g.reshape(g.shape[:2] + (1,) * n + g.shape[2:]),
                           g.shape[:2] + tuple(ksize) + g.shape[2:])
    return connection._unpatches(xp.ascontiguousarray(gcol), stride, pad, dims).astype(
        gy.dtype, copy=False)


def _avg_pool_bw(xp, op, xs, ys, gys):
    params = op.params
    if _core.is_chainerx(xp):
        return _avg_pool_grad(gys[0], params),
    return _avg_pool_grad_raw(xp, gys[0], params),


def _avg_pool_grad_bw(xp, op, xs, ys, gys):
    params = op.params
    if _core.is_chainerx(xp):
        return _avg_pool(gys[0], params),
    return _avg_pool_raw(xp, gys[0], params),


def _avg_pool(x, params):
    return _core.device_unary_output(x, _avg_pool_raw, (params,), _avg_pool_bw, params)


def _avg_pool_grad(gy, params):
    return _core.device_unary_output(gy, _avg_pool_grad_raw, (params,), _avg_pool_grad_bw,
                                     params)


def average_pool(x, ksize, stride=None, pad=0, pad_mode='ignore'):
    """N-dimensional average pooling.

    Args:
        x (~chainerx.ndarray): Input ``(N, C, d_1, ..., d_n)`` (floating point).
        ksize (int or tuple of ints): Window size.
        stride (int or tuple of ints): Strides (``ksize`` when None).
        pad (int or tuple of ints): Paddings.
        pad_mode (str): ``'ignore'`` averages over the elements inside the input only;
            ``'zero'`` counts padded elements as zeros.
    """
    if pad_mode not in ('ignore', 'zero'):
        raise ValueError('pad_mode must be \'ignore\' or \'zero\', not {!r}'.format(pad_mode))
    ksize, stride, pad = _pool_args(x, ksize, stride, pad, 'average_pool')
    _core.check_float(x, 'average_pool')
    dims = x.shape[2:]
    _outsizes(dims, ksize, stride, pad, False, 'average_pool')
    return _avg_pool(x, (ksize, stride, pad, pad_mode, dims))
