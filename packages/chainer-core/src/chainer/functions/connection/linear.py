"""Fully-connected layer function (``linear``)."""
import numpy

import chainer
import chainerx
from chainer import function_node
from chainer import utils
from chainer.utils import type_check

_float32 = numpy.dtype(numpy.float32)


def _gemm_transposed(x, W):
    """Whether ``y = x W^T`` is better computed as ``(W x^T)^T`` plus a transposing copy.

    With single-threaded OpenBLAS, a float32 GEMM of a small batch ``n`` against a large
    weight runs 1.1-2x faster in the ``W x^T`` orientation (measured for 2 <= n <= 128 and
    256 <= in/out sizes); the copy into a C-contiguous result (fused with the bias add) is
    cheap next to the gain when the reduction is long enough. float64 does not gain.
    """
    if type(x) is not numpy.ndarray or type(W) is not numpy.ndarray:
        return False
    if x.dtype != _float32 or W.dtype != _float32:
        return False
    n = x.shape[0]
    m, k = W.shape
    if m < 256 or k < 256 or n < 2:
        return False
    return n <= 64 or (n <= 128 and k >= 512)


# NumPy's matmul runs large GEMMs with a transposed operand faster than ndarray.dot (up to
# 30% for ``gy^T x`` with a short batch, ~5% for ``gy W``), but has a higher fixed cost and
# is several times slower for a batch of one (an outer product): it is used above these sizes.
_MATMUL_MIN_SIZE = 65536


def _linear_forward(x, W, b):
    # ``x W^T + b`` in the dtype of ``x`` (C-contiguous)
    if _gemm_transposed(x, W):
        y = numpy.empty((x.shape[0], W.shape[0]), dtype=x.dtype)
        yt = numpy.matmul(W, x.T)
        if b is None:
            numpy.copyto(y, yt.T)
        else:
            numpy.add(yt.T, b, out=y)
        return y
    y = x.dot(W.T)
    if y.dtype != x.dtype:
        y = y.astype(x.dtype)
    if b is not None:
        y += b
    return y


def _grad_data(W, gy):
    # ``gy W`` in the dtype of ``gy``
    if type(gy) is numpy.ndarray and gy.shape[0] >= 16 and W.size >= _MATMUL_MIN_SIZE:
        gx = numpy.matmul(gy, W)
    else:
        gx = gy.dot(W)
    return gx if gx.dtype == gy.dtype else utils.force_array(gx, gy.dtype)


def _grad_weight(x, gy, w_dtype):
    # ``gy^T x`` in ``w_dtype``
    if type(gy) is numpy.ndarray and gy.shape[0] >= 2 and \
            gy.shape[1] * x.shape[1] >= _MATMUL_MIN_SIZE:
        gW = numpy.matmul(gy.T, x)
    else:
        gW = gy.T.dot(x)
    return gW if gW.dtype == w_dtype else utils.force_array(gW, w_dtype)


_LightTypes = type_check.LightTypeInfoTuple


def _valid_arrays(inputs):
    # The conditions of LinearFunction.check_type_forward on concrete arrays; on False the
    # full check runs and reports the error.
    n = len(inputs)
    if n != 2 and n != 3:
        return False
    x, W = inputs[0], inputs[1]
    x_shape, w_shape = x.shape, W.shape
    if (x.dtype.kind != 'f' or W.dtype.kind != 'f' or len(x_shape) != 2
            or len(w_shape) != 2 or x_shape[1] != w_shape[1]):
        return False
    if n == 3:
        b = inputs[2]
        return b.dtype == x.dtype and b.ndim == 1 and b.shape[0] == w_shape[0]
    return True


class LinearFunction(function_node.FunctionNode):
    """``y = x W^T + b`` on a 2-D ``x``."""

    def check_type_forward(self, in_types):
        if type(in_types) is _LightTypes and _valid_arrays(in_types):
            return  # the common case, checked directly on the arrays
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        x_type, w_type = in_types[:2]
        type_check.argname((x_type, w_type), ('x', 'W'))
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim == 2,
            w_type.ndim == 2,
            x_type.shape[1] == w_type.shape[1],
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.argname((b_type,), ('b',))
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[0],
            )

    def forward(self, inputs):
        x, W = inputs[:2]
        self.retain_inputs((0, 1))
        return _linear_forward(x, W, inputs[2] if len(inputs) == 3 else None),

    def forward_chainerx(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        if x.dtype != W.dtype or (b is not None and b.dtype != x.dtype):
            return chainer.Fallback
        return chainerx.linear(x, W, b),

    def _backward_arrays(self, indexes, grad_outputs):
        # Array-level twin of ``backward`` (the same values as LinearGradData,
        # LinearGradWeight and F.sum compute), used without double backprop or hooks.
        # ``gx`` is computed last, so that it is still in cache for the next node.
        gy, = grad_outputs
        x, W = self.inputs[0].data, self.inputs[1].data
        gW = _grad_weight(x, gy, W.dtype) if 1 in indexes else None
        gb = gy.sum(axis=0) if 2 in indexes else None  # 1-D: an array, as F.sum gives
        gx = _grad_data(W, gy) if 0 in indexes else None
        grads = (gx, gW, gb)
        return tuple([grads[i] for i in indexes])

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            gx, = LinearGradData().apply((W, gy))
            ret.append(gx)
        if 1 in indexes:
            gW, = LinearGradWeight(W.dtype).apply((x, gy))
            ret.append(gW)
        if 2 in indexes:
            import chainer.functions as F
            ret.append(F.sum(gy, axis=0))
        return ret


class LinearGradData(function_node.FunctionNode):
    """``gx = gy W`` (inputs: ``W``, ``gy``); the result has ``gy.dtype``."""

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        W, gy = inputs
        return _grad_data(W, gy),

    def backward(self, indexes, grad_outputs):
        W, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            gW, = LinearGradWeight(W.dtype).apply((ggx, gy))
            ret.append(gW)
        if 1 in indexes:
            ggy, = LinearFunction().apply((ggx, W))
            ret.append(ggy)
        return ret


class LinearGradWeight(function_node.FunctionNode):
    """``gW = gy^T x`` (inputs: ``x``, ``gy``); the result has dtype ``w_dtype``."""

    def __init__(self, w_dtype):
        self._w_dtype = w_dtype

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        return _grad_weight(x, gy, self._w_dtype),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ret = []
        if 0 in indexes:
            gx, = LinearGradData().apply((ggW, gy))
            ret.append(gx)
        if 1 in indexes:
            ggy, = LinearFunction().apply((x, ggW))
            ret.append(ggy)
        return ret


def linear(x, W, b=None, n_batch_axes=1):
    """Linear function, or affine transformation: ``y = x W^T + b``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape
            ``(s_1, ..., s_B, ...)``; the first ``n_batch_axes`` axes are batch axes and the
            rest are flattened into ``N`` features.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Weight of shape ``(M, N)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(M,)`` (optional).
        n_batch_axes (int): Number of batch axes (at least 1).

    Returns:
        ~chainer.Variable: Output of shape ``(s_1, ..., s_B, M)``.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3]], np.float32)
        >>> W = np.array([[1, 0, 0], [1, 1, 1]], np.float32)  # (out size, in size)
        >>> b = np.array([10, 20], np.float32)
        >>> F.linear(x, W, b).array
        array([[11., 26.]], dtype=float32)
        >>> F.linear(np.ones((2, 4, 3), np.float32), W, n_batch_axes=2).shape
        (2, 4, 2)
    """
    if n_batch_axes <= 0:
        raise ValueError('n_batch_axes should be greater than 0.')
    if n_batch_axes > 1:
        batch_shape = x.shape[:n_batch_axes]
        x = x.reshape(utils.size_of_shape(batch_shape), -1)
    elif x.ndim > 2:
        x = x.reshape(x.shape[0], -1)
    args = (x, W) if b is None else (x, W, b)
    y, = LinearFunction().apply(args)
    if n_batch_axes > 1:
        y = y.reshape(batch_shape + (-1,))
    return y
