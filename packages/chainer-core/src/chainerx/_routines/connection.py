"""Connections: N-d convolution, transposed convolution and linear.

``conv`` computes ``y[n, o, i...] = sum_{c, k...} x_pad[n, c, s*i + k...] w[o, c, k...] + b[o]``
with im2col and one tensor contraction; ``conv_transpose`` is its adjoint w.r.t. ``x``. The
three primitives (``conv``, ``conv_transpose`` and the filter gradient) differentiate into each
other, so convolutions support double backprop.
"""
import numbers

import numpy

from chainerx import _errors
from chainerx import _graph
from chainerx._routines import _core
from chainerx._routines import arithmetic
from chainerx._routines import linalg
from chainerx._routines import manipulation

ndarray = _core.ndarray
_wrap = _core.wrap_result


def _tuple(value, n, name):
    if isinstance(value, (numbers.Integral, numpy.integer)):
        return (int(value),) * n
    value = tuple(int(v) for v in value)
    if len(value) != n:
        raise _errors.DimensionError('{} must have {} elements, not {}'.format(
            name, n, len(value)))
    return value


# Chainer's convolution utilities (output sizes, im2col, col2im), imported on first use:
# importing chainerx never imports Chainer.

def _conv():
    from chainer.utils import conv
    return conv


def _conv_nd():
    from chainer.utils import conv_nd
    return conv_nd


def _patches(xp, x, ksize, stride, pad, cover_all):
    return _conv_nd().im2col_nd(x, ksize, stride, pad, cover_all=cover_all)


def _unpatches(col, stride, pad, dims):
    return _conv_nd().col2im_nd(col, stride, pad, dims)


def _raw_conv(xp, x, w, stride, pad, cover_all):
    n = x.ndim - 2
    ksize = w.shape[2:]
    col = _patches(xp, x, ksize, stride, pad, cover_all)
    # (N, C, k..., o...) x (O, C, k...) -> (N, o..., O)
    y = xp.tensordot(col, w, (tuple(range(1, n + 2)), tuple(range(1, n + 2))))
    return xp.ascontiguousarray(xp.moveaxis(y, -1, 1))


def _raw_deconv(xp, x, w, stride, pad, outsize):
    n = x.ndim - 2
    # (C_in, C_out, k...) x (N, C_in, i...) -> (C_out, k..., N, i...)
    col = xp.tensordot(w, x, (0, 1))
    col = xp.moveaxis(col, n + 1, 0)
    return _unpatches(xp.ascontiguousarray(col), stride, pad, outsize)


def _raw_conv_grad_w(xp, x, gy, ksize, stride, pad, cover_all):
    n = x.ndim - 2
    col = _patches(xp, x, ksize, stride, pad, cover_all)
    # (N, O, o...) x (N, C, k..., o...) -> (O, C, k...)
    axes_gy = (0,) + tuple(range(2, n + 2))
    axes_col = (0,) + tuple(range(n + 2, 2 * n + 2))
    return xp.tensordot(gy, col, (axes_gy, axes_col)).astype(x.dtype, copy=False)


# The three primitives on the arrays of a backward pass: raw NumPy/CuPy arrays, or ChainerX
# arrays recorded again (double backprop).

def _conv_any(xp, x, w, stride, pad, cover_all):
    if _core.is_chainerx(xp):
        return conv(x, w, None, stride, pad, cover_all)
    return _raw_conv(xp, x, w, stride, pad, cover_all)


def _deconv_any(xp, x, w, stride, pad, outsize):
    if _core.is_chainerx(xp):
        return conv_transpose(x, w, None, stride, pad, outsize)
    return _raw_deconv(xp, x, w, stride, pad, outsize)


def _conv_grad_w_any(xp, x, gy, ksize, stride, pad, cover_all):
    if _core.is_chainerx(xp):
        return _conv_grad_w(x, gy, ksize, stride, pad, cover_all)
    return _raw_conv_grad_w(xp, x, gy, ksize, stride, pad, cover_all)


def _with_bias_grad(op, gy, gx, gw):
    # the gradients of (x, w) followed by the one of the bias when the call had one
    has_b = op.params[3]
    if not has_b:
        return gx, gw
    return gx, gw, None if op.inputs[2] is None else gy.sum(axis=(0,) + tuple(range(2, gy.ndim)))


def _conv_bw(xp, op, xs, ys, gys):
    stride, pad, cover_all, _ = op.params
    x, w = xs[0], xs[1]
    gy = gys[0]
    inputs = op.inputs
    gx = gw = None
    if inputs[0] is not None:
        gx = _deconv_any(xp, gy, w, stride, pad, x.shape[2:])
    if inputs[1] is not None:
        gw = _conv_grad_w_any(xp, x, gy, w.shape[2:], stride, pad, cover_all)
    return _with_bias_grad(op, gy, gx, gw)


def _conv_args(x, w, b, stride, pad, name, w_in_axis):
    # checks the arrays; returns stride and pad as tuples of one int per spatial axis
    _core.check_array(x, 'x')
    _core.check_array(w, 'w')
    arrays = [x, w]
    if b is not None:
        _core.check_array(b, 'b')
        arrays.append(b)
    _core.check_same_device(*arrays)
    if x.ndim < 3:
        raise _errors.DimensionError('{}: x must have at least 3 dimensions, not {}'.format(
            name, x.ndim))
    if w.ndim != x.ndim:
        raise _errors.DimensionError('{}: x and w must have the same number of dimensions '
                                     '({} != {})'.format(name, x.ndim, w.ndim))
    if x.shape[1] != w.shape[w_in_axis]:
        raise _errors.DimensionError('{}: the input channels of x ({}) and w ({}) do not '
                                     'match'.format(name, x.shape[1], w.shape[w_in_axis]))
    out_channels = w.shape[1 - w_in_axis]
    if b is not None and b.shape != (out_channels,):
        raise _errors.DimensionError('{}: b must have the shape ({},), not {}'.format(
            name, out_channels, b.shape))
    n = x.ndim - 2
    return _tuple(stride, n, 'stride'), _tuple(pad, n, 'pad')


def _connection_output(x, w, b, raw_op, backward, stride, pad, cover_all):
    """``raw_op(xp, x_data, w_data)`` on the promoted data plus the bias, recorded with
    ``backward`` (params ``(stride, pad, cover_all, has_bias)``) for floating point outputs."""
    xd, wd, bd = _core.promoted_data([x._data, w._data, None if b is None else b._data])
    xp = x._device.xp
    with x._device._use():
        out = raw_op(xp, xd, wd)
        if bd is not None:
            out = out + bd.reshape((1, -1) + (1,) * (out.ndim - 2))
    y = _wrap(out, x._device)
    inputs = (x, w) if b is None else (x, w, b)
    if any(a._nodes is not None for a in inputs) and out.dtype.kind == 'f':
        _graph.record(inputs, (y,), backward, (stride, pad, cover_all, b is not None), True)
    return y


def conv(x, w, b=None, stride=1, pad=0, cover_all=False):
    """N-dimensional convolution.

    Args:
        x (~chainerx.ndarray): Input ``(N, C, d_1, ..., d_n)``.
        w (~chainerx.ndarray): Filters ``(O, C, k_1, ..., k_n)``.
        b (~chainerx.ndarray): Bias ``(O,)`` (optional).
        stride (int or tuple of ints): Strides.
        pad (int or tuple of ints): Zero paddings on both sides.
        cover_all (bool): Add output positions so that every input element is covered.

    Returns:
        ~chainerx.ndarray: Output ``(N, O, o_1, ..., o_n)``.
    """
    stride, pad = _conv_args(x, w, b, stride, pad, 'conv', 1)
    for d, k, s, p in zip(x.shape[2:], w.shape[2:], stride, pad):
        if s <= 0 or p < 0 or _conv().get_conv_outsize(d, k, s, p, cover_all) <= 0:
            raise _errors.DimensionError('conv: invalid output size for input {} kernel {} '
                                         'stride {} pad {}'.format(x.shape, w.shape, stride,
                                                                   pad))

    def raw_op(xp, xd, wd):
        return _raw_conv(xp, xd, wd, stride, pad, cover_all)

    return _connection_output(x, w, b, raw_op, _conv_bw, stride, pad, cover_all)


def _deconv_bw(xp, op, xs, ys, gys):
    stride, pad, cover_all, _ = op.params
    x, w = xs[0], xs[1]
    gy = gys[0]
    inputs = op.inputs
    gx = gw = None
    if inputs[0] is not None:
        gx = _conv_any(xp, gy, w, stride, pad, cover_all)
    if inputs[1] is not None:
        gw = _conv_grad_w_any(xp, gy, x, w.shape[2:], stride, pad, cover_all)
    return _with_bias_grad(op, gy, gx, gw)


def conv_transpose(x, w, b=None, stride=1, pad=0, outsize=None):
    """N-dimensional transposed convolution (the adjoint of :func:`conv` w.r.t. its input).

    Args:
        x (~chainerx.ndarray): Input ``(N, C_in, d_1, ..., d_n)``.
        w (~chainerx.ndarray): Filters ``(C_in, C_out, k_1, ..., k_n)``.
        b (~chainerx.ndarray): Bias ``(C_out,)`` (optional).
        stride (int or tuple of ints): Strides.
        pad (int or tuple of ints): Paddings.
        outsize (tuple of ints): Output spatial size (``s (d - 1) + k - 2p`` when None).

    Returns:
        ~chainerx.ndarray: Output ``(N, C_out, o_1, ..., o_n)``.
    """
    stride, pad = _conv_args(x, w, b, stride, pad, 'conv_transpose', 0)
    ksize = w.shape[2:]
    dims = x.shape[2:]
    conv_utils = _conv()
    if outsize is None:
        outsize = tuple(conv_utils.get_deconv_outsize(d, k, s, p)
                        for d, k, s, p in zip(dims, ksize, stride, pad))
    else:
        outsize = _tuple(outsize, len(dims), 'outsize')
    cover_all = None
    for flag in (False, True):
        if all(conv_utils.get_conv_outsize(o, k, s, p, flag) == d
               for o, k, s, p, d in zip(outsize, ksize, stride, pad, dims)):
            cover_all = flag
            break
    if cover_all is None or any(o <= 0 for o in outsize):
        raise _errors.DimensionError('conv_transpose: output size {} does not match input {} '
                                     'kernel {} stride {} pad {}'.format(outsize, x.shape,
                                                                         w.shape, stride, pad))

    def raw_op(xp, xd, wd):
        return _raw_deconv(xp, xd, wd, stride, pad, outsize).astype(xd.dtype, copy=False)

    return _connection_output(x, w, b, raw_op, _deconv_bw, stride, pad, cover_all)


def _conv_grad_w_bw(xp, op, xs, ys, gys):
    ksize, stride, pad, cover_all = op.params
    x, gy = xs
    ggw = gys[0]
    inputs = op.inputs
    gx = ggy = None
    if inputs[0] is not None:
        gx = _deconv_any(xp, gy, ggw, stride, pad, x.shape[2:])
    if inputs[1] is not None:
        ggy = _conv_any(xp, x, ggw, stride, pad, cover_all)
    return gx, ggy


def _conv_grad_w(x, gy, ksize, stride, pad, cover_all):
    """The filter gradient of ``conv(x, w)`` given its output gradient ``gy``."""
    xd, gd = _core.promoted_data([x._data, gy._data])
    with x._device._use():
        out = _raw_conv_grad_w(x._device.xp, xd, gd, ksize, stride, pad, cover_all)
    y = _wrap(out, x._device)
    if x._nodes is not None or gy._nodes is not None:
        _graph.record((x, gy), (y,), _conv_grad_w_bw, (ksize, stride, pad, cover_all), True)
    return y


def linear(x, w, b=None, n_batch_axes=1):
    """Linear function ``y = x W^T + b``.

    Args:
        x (~chainerx.ndarray): Input; its first ``n_batch_axes`` axes are batch axes and the
            rest is flattened into the features.
        w (~chainerx.ndarray): Weight ``(out_size, in_size)``.
        b (~chainerx.ndarray): Bias ``(out_size,)`` (optional).
        n_batch_axes (int): The number of batch axes of ``x``.

    Returns:
        ~chainerx.ndarray: ``batch_shape + (out_size,)``.
    """
    _core.check_array(x, 'x')
    _core.check_array(w, 'w')
    if n_batch_axes <= 0:
        raise _errors.DimensionError('n_batch_axes must be positive, not {}'.format(
            n_batch_axes))
    if x.ndim < n_batch_axes:
        raise _errors.DimensionError('x has fewer dimensions than n_batch_axes')
    if w.ndim != 2:
        raise _errors.DimensionError('w must be a matrix, not {}-d'.format(w.ndim))
    batch_shape = x.shape[:n_batch_axes]
    x2 = x
    if x.ndim != 2 or n_batch_axes != 1:
        x2 = manipulation.reshape(x, (int(numpy.prod(batch_shape)), -1) if x.size or
                                  not batch_shape else (0, w.shape[1]))
    if x2.shape[1] != w.shape[1]:
        raise _errors.DimensionError('linear: x has {} features but w expects {}'.format(
            x2.shape[1], w.shape[1]))
    y = linalg._matmul2d(x2, manipulation.transpose(w))
    if b is not None:
        _core.check_array(b, 'b')
        if b.shape != (w.shape[0],):
            raise _errors.DimensionError('b must have the shape ({},), not {}'.format(
                w.shape[0], b.shape))
        y = arithmetic.add(y, b)
    if n_batch_axes != 1:
        y = manipulation.reshape(y, batch_shape + (w.shape[0],))
    return y
