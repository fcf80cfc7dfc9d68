"""Locally-connected 2-D convolution (``local_convolution_2d``): unshared filters."""
from chainer import backend
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.utils import conv
from chainer.utils import type_check


def _col(x, ksize, stride):
    # x (N, C, H, W) -> (P, N, C * kh * kw) with P = out_h * out_w
    xp = backend.get_array_module(x)
    col = _conv.im2col(x, ksize, stride, (0, 0))
    n, c, kh, kw, oh, ow = col.shape
    col = xp.ascontiguousarray(col.transpose(4, 5, 0, 1, 2, 3))
    return col.reshape(oh * ow, n, c * kh * kw)


def _gy_mat(gy):
    # gy (N, O, oh, ow) -> (P, N, O)
    xp = backend.get_array_module(gy)
    n, o, oh, ow = gy.shape
    return xp.ascontiguousarray(gy.transpose(2, 3, 0, 1)).reshape(oh * ow, n, o)


def _w_mat(W):
    # W (O, oh, ow, C, kh, kw) -> (P, C * kh * kw, O)
    xp = backend.get_array_module(W)
    o, oh, ow = W.shape[:3]
    return xp.ascontiguousarray(W.transpose(1, 2, 3, 4, 5, 0)).reshape(oh * ow, -1, o)


class LocalConvolution2DFunction(function_node.FunctionNode):
    """Locally-connected convolution node (inputs ``x``, ``W`` and optionally ``b``)."""

    def __init__(self, stride=1):
        self.sy, self.sx = _conv.as_tuple(stride, 2)

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        x_type, w_type = in_types[:2]
        type_check.argname((x_type, w_type), ('x', 'W'))
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim == 4,
            w_type.ndim == 6,
            x_type.shape[1] == w_type.shape[3],
        )
        h, w = type_check.eval(x_type.shape[2]), type_check.eval(x_type.shape[3])
        kh, kw = type_check.eval(w_type.shape[4]), type_check.eval(w_type.shape[5])
        out_h = conv.get_conv_outsize(h, kh, self.sy, 0)
        out_w = conv.get_conv_outsize(w, kw, self.sx, 0)
        type_check.expect(
            w_type.shape[1] == out_h,
            w_type.shape[2] == out_w,
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.argname((b_type,), ('b',))
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 3,
                b_type.shape[0] == w_type.shape[0],
                b_type.shape[1] == w_type.shape[1],
                b_type.shape[2] == w_type.shape[2],
            )

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        xp = backend.get_array_module(x)
        o, oh, ow, c, kh, kw = W.shape
        y = xp.matmul(_col(x, (kh, kw), (self.sy, self.sx)), _w_mat(W))   # (P, N, O)
        y = y.reshape(oh, ow, x.shape[0], o).transpose(2, 3, 0, 1)
        y = xp.ascontiguousarray(y)
        if len(inputs) == 3:
            y += inputs[2]
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        import chainer.functions as F
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        stride = (self.sy, self.sx)
        ret = []
        if 0 in indexes:
            ret.append(_LocalConvolution2DGradData(x.shape[2:], stride).apply((W, gy))[0])
        if 1 in indexes:
            ret.append(
                _LocalConvolution2DGradWeight(W.shape, W.dtype, stride).apply((x, gy))[0])
        if 2 in indexes:
            ret.append(F.sum(gy, axis=0))
        return ret


class _LocalConvolution2DGradData(function_node.FunctionNode):
    # inputs: W, gy -> gx

    def __init__(self, dims, stride):
        self.dims = tuple(dims)
        self.stride = stride

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        W, gy = inputs
        xp = backend.get_array_module(gy)
        o, oh, ow, c, kh, kw = W.shape
        gcol = xp.matmul(_gy_mat(gy), _w_mat(W).transpose(0, 2, 1))       # (P, N, CK)
        gcol = gcol.reshape(oh, ow, gy.shape[0], c, kh, kw).transpose(2, 3, 4, 5, 0, 1)
        gcol = gcol.astype(gy.dtype, copy=False)
        return _conv.col2im(gcol, self.stride, (0, 0), self.dims),

    def backward(self, indexes, grad_outputs):
        W, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(_LocalConvolution2DGradWeight(
                W.shape, W.dtype, self.stride).apply((ggx, gy))[0])
        if 1 in indexes:
            ret.append(local_convolution_2d(ggx, W, stride=self.stride))
        return ret


class _LocalConvolution2DGradWeight(function_node.FunctionNode):
    # inputs: x, gy -> gW

    def __init__(self, w_shape, w_dtype, stride):
        self.w_shape = tuple(w_shape)
        self.w_dtype = w_dtype
        self.stride = stride

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        xp = backend.get_array_module(x)
        o, oh, ow, c, kh, kw = self.w_shape
        col = _col(x, (kh, kw), self.stride)                               # (P, N, CK)
        gW = xp.matmul(_gy_mat(gy).transpose(0, 2, 1), col)                # (P, O, CK)
        gW = gW.reshape(oh, ow, o, c, kh, kw).transpose(2, 0, 1, 3, 4, 5)
        return xp.ascontiguousarray(gW).astype(self.w_dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(_LocalConvolution2DGradData(
                x.shape[2:], self.stride).apply((ggW, gy))[0])
        if 1 in indexes:
            ret.append(local_convolution_2d(x, ggW, stride=self.stride))
        return ret


def local_convolution_2d(x, W, b=None, stride=1):
    """Two-dimensional locally-connected convolution (no weight sharing, no padding).

    ``y[n, o, i, j] = sum_{c, ky, kx} W[o, i, j, c, ky, kx] x[n, c, i s_Y + ky, j s_X + kx]
    + b[o, i, j]``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c_I, h, w)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Weight
            ``(c_O, h_O, w_O, c_I, k_H, k_W)`` where ``h_O = (h - k_H) // s_Y + 1`` etc.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias ``(c_O, h_O, w_O)``.
        stride (int or pair of ints): Stride ``(s_Y, s_X)``.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3)
        >>> W = np.ones((1, 2, 2, 1, 2, 2), np.float32)  # (out c, out h, out w, in c, kh, kw)
        >>> W[0, 1, 1] = 0  # every output position has a filter of its own
        >>> F.local_convolution_2d(x, W).array
        array([[[[ 8., 12.],
                 [20.,  0.]]]], dtype=float32)
    """
    func = LocalConvolution2DFunction(stride)
    args = (x, W) if b is None else (x, W, b)
    y, = func.apply(args)
    return y
