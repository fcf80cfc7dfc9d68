"""Patch extraction into channels: :func:`im2col`."""
from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.utils import type_check
from chainer.utils.conv import col2im_cpu, col2im_gpu, im2col_cpu, im2col_gpu  # NOQA (v7 names here)


def _check_4d_float(in_types, name):
    type_check.argname(in_types, (name,))
    t, = in_types
    type_check.expect(t.dtype.kind == 'f', t.ndim == 4)


class Im2Col(_conv.Params2D, function_node.FunctionNode):
    """Copies every filter-sized window of an image into the channel axis of the output."""

    def __init__(self, ksize, stride, pad, cover_all, dilate):
        self.ksize = _conv.as_tuple(ksize, 2)
        self.stride = _conv.as_tuple(stride, 2)
        self.pad = _conv.as_tuple(pad, 2)
        self.dilate = _conv.as_tuple(dilate, 2)
        self.cover_all = cover_all

    def check_type_forward(self, in_types):
        _check_4d_float(in_types, 'x')

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        col = _conv.im2col(x, self.ksize, self.stride, self.pad, self.dilate,
                           cover_all=self.cover_all)
        n, c, kh, kw, out_h, out_w = col.shape
        return col.reshape(n, c * kh * kw, out_h, out_w),

    def backward(self, indexes, grad_outputs):
        grad = Im2ColGrad(self.ksize, self.stride, self.pad, self.cover_all, self.dilate,
                          self._in_shape)
        return grad.apply(grad_outputs)


class Im2ColGrad(_conv.Params2D, function_node.FunctionNode):
    """Adjoint of :class:`Im2Col`: adds every window back onto an image of ``in_shape``."""

    def __init__(self, ksize, stride, pad, cover_all, dilate, in_shape):
        self.ksize = _conv.as_tuple(ksize, 2)
        self.stride = _conv.as_tuple(stride, 2)
        self.pad = _conv.as_tuple(pad, 2)
        self.dilate = _conv.as_tuple(dilate, 2)
        self.cover_all = cover_all
        self.in_shape = in_shape

    def check_type_forward(self, in_types):
        _check_4d_float(in_types, 'gy')

    def forward(self, inputs):
        gy, = inputs
        _, c, h, w = self.in_shape
        n, _, out_h, out_w = gy.shape
        col = gy.reshape((n, c) + self.ksize + (out_h, out_w))
        return _conv.col2im(col, self.stride, self.pad, (h, w), self.dilate),

    def backward(self, indexes, grad_outputs):
        return Im2Col(self.ksize, self.stride, self.pad, self.cover_all,
                      self.dilate).apply(grad_outputs)


def im2col(x, ksize, stride=1, pad=0, cover_all=False, dilate=1):
    """Extracts the filter windows of an image into the channel axis.

    The windows start at ``(-p_H, -p_W)`` and move by the strides; output channel
    ``(k * k_H + i) * k_W + j`` at location ``(y, x)`` holds input channel ``k`` at offset
    ``(i * d_Y, j * d_X)`` inside window ``(y, x)``. The output height is
    ``h_O = (h + 2 p_H - (k_H - 1) d_Y - 1) // s_Y + 1`` (with ``cover_all``, windows are
    added so that every input pixel is covered), and likewise for the width.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Images of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): Window size ``(k_H, k_W)``.
        stride (int or pair of ints): Window stride ``(s_Y, s_X)``.
        pad (int or pair of ints): Zero padding ``(p_H, p_W)``.
        cover_all (bool): Add windows so that every pixel is covered.
        dilate (int or pair of ints): Dilation ``(d_Y, d_X)`` of the windows.

    Returns:
        ~chainer.Variable: Array of shape ``(n, c * k_H * k_W, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> y = F.im2col(x, ksize=2, stride=2)
        >>> y.shape
        (1, 4, 2, 2)
        >>> y.array[0, :, 0, 0]  # the top-left 2x2 patch
        array([0., 1., 4., 5.], dtype=float32)
    """
    return Im2Col(ksize, stride, pad, cover_all, dilate).apply((x,))[0]
