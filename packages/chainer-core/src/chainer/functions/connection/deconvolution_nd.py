"""N-dimensional transposed convolution (``deconvolution_nd``, ``_1d``, ``_3d``)."""
import numpy

from chainer import function_node
from chainer.functions._helpers import convolution as _conv
from chainer.functions._helpers import cudnn as _cudnn
from chainer.functions.connection import convolution_nd
from chainer.utils import conv
from chainer.utils import type_check


class DeconvolutionND(function_node.FunctionNode):
    """N-dimensional transposed convolution function node.

    Args:
        ndim (int): Number of spatial dimensions.
        stride, pad, dilate (int or tuple of ints): Per-axis stride, padding and dilation.
        outsize (tuple of ints): Expected output spatial shape (``None``: the minimum one).
        groups (int): Number of channel groups.
    """

    cover_all = None
    # v7's N-d transposed convolution takes a bias of another float dtype than x (its 2-d one
    # does not)
    _any_bias_dtype = True

    def __init__(self, ndim, stride=1, pad=0, outsize=None, dilate=1, groups=1):
        self.ndim = ndim
        self.stride = _conv.as_tuple(stride, ndim)
        self.pad = _conv.as_tuple(pad, ndim)
        self.dilate = _conv.as_tuple(dilate, ndim)
        self.groups = int(groups)
        if outsize is not None:
            outsize = _conv.as_tuple(outsize, ndim)
        self.outs = outsize

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        x_type, w_type = in_types[:2]
        type_check.argname((x_type, w_type), ('x', 'W'))
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype.kind == 'f',
            x_type.ndim == self.ndim + 2,
            w_type.ndim == self.ndim + 2,
            x_type.shape[1] == w_type.shape[0],
        )
        if self.outs is not None:
            for i, out in enumerate(self.outs):
                k = type_check.eval(w_type.shape[2 + i])
                s, p, d = self.stride[i], self.pad[i], self.dilate[i]
                lower = conv.get_conv_outsize(out, k, s, p, d=d)
                upper = conv.get_conv_outsize(out, k, s, p, cover_all=True, d=d)
                type_check.expect(
                    lower <= x_type.shape[2 + i], x_type.shape[2 + i] <= upper)
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.argname((b_type,), ('b',))
            type_check.expect(
                (b_type.dtype.kind == 'f' if self._any_bias_dtype
                 else b_type.dtype == x_type.dtype),
                b_type.ndim == 1,
            )

    def _check_channels(self, x, W, b):
        # v7 checks these in the forward pass (TypeError for groups that do not divide the
        # input channels of its N-d function, ValueError for a bias of the wrong size)
        self._check_groups(x.shape[1])
        if b is not None:
            _conv.check_size(b.shape[0], W.shape[1] * self.groups,
                             'the size of b (W.shape[1] * groups)')

    def _check_groups(self, channels):
        _conv.check_groups(channels, self.groups, 'input')

    def _out_dims(self, x, W):
        # (v7: an explicit outsize may have empty dimensions, a computed one may not)
        if self.outs is not None:
            dims = self.outs
            if any(d < 0 for d in dims):
                raise RuntimeError(
                    'The output size of the deconvolution must not be negative, but got {}.'
                    .format(dims))
        else:
            dims = _conv.deconv_outsize(
                x.shape[2:], W.shape[2:], self.stride, self.pad, dilate=self.dilate)
            self._check_computed_out_dims(dims)
        return tuple(dims)

    def _check_computed_out_dims(self, dims):
        # v7's error of the N-d function (the 2-d one raises its own)
        if any(d <= 0 for d in dims):
            raise AssertionError('Output sizes should be positive.')

    def _set_cover_all(self, x_dims, out_dims, ksize):
        plain = _conv.conv_outsize(out_dims, ksize, self.stride, self.pad, dilate=self.dilate)
        self.cover_all = tuple(x_dims) != tuple(plain)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        self._b_dtype = None if b is None else b.dtype
        self._check_channels(x, W, b)
        out_dims = self._out_dims(x, W)
        self._set_cover_all(x.shape[2:], out_dims, W.shape[2:])
        c_out = W.shape[1] * self.groups
        if (not isinstance(x, numpy.ndarray) and (b is None or b.dtype == x.dtype)
                and _cudnn.can_use_conv(x, W, self.ndim, False, self.dilate, self.groups)):
            y = _cudnn.conv_backward_data(
                W, x, b, (x.shape[0], c_out) + out_dims, self.stride, self.pad,
                self.dilate, self.groups)
            return y,
        y = _conv.conv_grad_x(x, W, out_dims, self.stride, self.pad, self.dilate, self.groups)
        if b is not None:
            y += b.reshape((1, c_out) + (1,) * self.ndim)
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            gx = convolution_nd.convolution_nd(
                gy, W, stride=self.stride, pad=self.pad, cover_all=self.cover_all,
                dilate=self.dilate, groups=self.groups)
            ret.append(gx)
        if 1 in indexes:
            gW, = convolution_nd.ConvolutionNDGradW(self, W).apply((gy, x))
            ret.append(gW)
        if 2 in indexes:
            ret.append(convolution_nd.bias_grad(gy, self._b_dtype))
        return ret


def deconvolution_nd(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """N-dimensional transposed convolution (deconvolution) function.

    The output size along each axis is ``s * (d - 1) + (k - 1) * dilate + 1 - 2 * p`` unless
    ``outsize`` is given; a given ``outsize`` must map back to the input size by
    :func:`~chainer.utils.conv.get_conv_outsize` (with or without ``cover_all``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input ``(n, c_I, d_1, ..., d_N)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters ``(c_I, c_O/groups, k...)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(c_O,)`` (optional).
        stride (int or tuple of ints): Stride of the filter application.
        pad (int or tuple of ints): Spatial padding (removed from the output).
        outsize (tuple of ints): Expected output spatial shape.
        dilate (int or tuple of ints): Dilation factor of the filter.
        groups (int): Number of channel groups.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, l_1, ..., l_N)``.

    .. admonition:: Example

        >>> x = np.ones((1, 1, 2, 2, 2), np.float32)
        >>> W = np.ones((1, 1, 3, 3, 3), np.float32)
        >>> y = F.deconvolution_nd(x, W, stride=2, pad=1)
        >>> y.shape
        (1, 1, 3, 3, 3)
        >>> y.array[0, 0, 0]
        array([[1., 2., 1.],
               [2., 4., 2.],
               [1., 2., 1.]], dtype=float32)
    """
    ndim = len(x.shape[2:])
    func = DeconvolutionND(ndim, stride, pad, outsize, dilate=dilate, groups=groups)
    args = (x, W) if b is None else (x, W, b)
    y, = func.apply(args)
    return y


def deconvolution_1d(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """1-dimensional transposed convolution (:func:`deconvolution_nd` with ``N == 1``).

    .. admonition:: Example

        >>> x = np.array([[[1, 2, 3]]], np.float32)
        >>> W = np.array([[[1, 1]]], np.float32)
        >>> F.deconvolution_1d(x, W).array
        array([[[1., 3., 5., 3.]]], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 1)
    return deconvolution_nd(x, W, b, stride, pad, outsize, dilate, groups)


def deconvolution_3d(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """3-dimensional transposed convolution (:func:`deconvolution_nd` with ``N == 3``).

    .. admonition:: Example

        >>> x = np.ones((1, 2, 2, 2, 2), np.float32)
        >>> W = np.ones((2, 3, 2, 2, 2), np.float32)
        >>> F.deconvolution_3d(x, W, stride=2).shape
        (1, 3, 4, 4, 4)
    """
    _conv.check_spatial_ndim(x, 3)
    return deconvolution_nd(x, W, b, stride, pad, outsize, dilate, groups)
