"""N-dimensional convolution (``convolution_nd``, ``convolution_1d``, ``convolution_3d``)."""
import numpy

import chainer
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions._helpers import convolution as _conv
from chainer.functions._helpers import grad_ops
from chainer.functions._helpers import cudnn as _cudnn
from chainer.utils import type_check

# Largest CPU patch matrix a convolution keeps from its forward pass for the filter gradient
# (beyond it, the gradient recomputes the patches instead of holding the memory).
_KEEP_COL_MAX_BYTES = 1 << 28


def _keep_col_for(fnode, W):
    # Called by the function wrappers before ``apply``: the forward pass keeps its patch
    # matrix when the filter gradient will be needed.
    fnode._keep_col = (isinstance(W, variable.Variable) and W.requires_grad
                       and chainer.config.enable_backprop)


def bias_grad(gy, b_dtype):
    """The gradient of the bias of an N-d (transposed) convolution, in the bias's dtype."""
    ops = grad_ops.VARIABLES
    return ops.cast(ops.sum(gy, (0,) + tuple(range(2, gy.ndim))), b_dtype)


def _check_conv_types(in_types, ndim, groups, any_bias_dtype, check_channels):
    n_in = in_types.size()
    type_check.expect(2 <= n_in, n_in <= 3)
    x_type = in_types[0]
    w_type = in_types[1]
    type_check.argname((x_type, w_type), ('x', 'W'))
    type_check.expect(
        x_type.dtype.kind == 'f',
        w_type.dtype.kind == 'f',
        x_type.ndim == ndim + 2,
        w_type.ndim == ndim + 2,
    )
    if check_channels:
        type_check.expect(x_type.shape[1] == w_type.shape[1] * groups)
    if type_check.eval(n_in) == 3:
        b_type = in_types[2]
        type_check.argname((b_type,), ('b',))
        type_check.expect(
            b_type.dtype.kind == 'f' if any_bias_dtype else b_type.dtype == x_type.dtype,
            b_type.ndim == 1,
            b_type.shape[0] == w_type.shape[0],
        )


class ConvolutionND(function_node.FunctionNode):
    """N-dimensional convolution (cross-correlation) function node.

    Args:
        ndim (int): Number of spatial dimensions.
        stride, pad, dilate (int or tuple of ints): Per-axis stride, padding and dilation.
        cover_all (bool): If ``True``, all spatial locations are covered by some window.
        groups (int): Number of channel groups.
    """

    _keep_col = False
    _col = None
    # v7's N-d convolution takes a bias of another float dtype than x (its 2-d one does not)
    _any_bias_dtype = True
    # v7's N-d convolution checks the channels in its forward pass (TypeError for groups that
    # do not divide them, ValueError for a mismatch), its 2-d one in the type check
    _type_checks_channels = False

    def __init__(self, ndim, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
        self.ndim = ndim
        self.stride = _conv.as_tuple(stride, ndim)
        self.pad = _conv.as_tuple(pad, ndim)
        self.cover_all = cover_all
        self.dilate = _conv.as_tuple(dilate, ndim)
        self.groups = int(groups)

    def check_type_forward(self, in_types):
        _check_conv_types(in_types, self.ndim, self.groups, self._any_bias_dtype,
                          self._type_checks_channels)

    def _check_channels(self, x, W):
        if self.groups > 1:
            _conv.check_groups(x.shape[1], self.groups, 'input')
            _conv.check_groups(W.shape[0], self.groups, 'output')
        _conv.check_size(x.shape[1], W.shape[1] * self.groups,
                         'the input channels of x (W.shape[1] * groups)')

    def _out_dims(self, x, W):
        dims = _conv.conv_outsize(
            x.shape[2:], W.shape[2:], self.stride, self.pad, self.cover_all, self.dilate)
        if any(d <= 0 for d in dims):
            # AssertionError as v7's (raised explicitly so that ``python -O`` keeps it)
            raise AssertionError(
                'The output size of the convolution must be positive, but got {}. '
                'Check the input size, kernel size, stride and padding.'.format(dims))
        return dims

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        self._b_dtype = None if b is None else b.dtype
        self._check_channels(x, W)
        out_dims = self._out_dims(x, W)
        if (not isinstance(x, numpy.ndarray) and (b is None or b.dtype == x.dtype)
                and _cudnn.can_use_conv(
                    x, W, self.ndim, self.cover_all, self.dilate, self.groups)):
            y = _cudnn.conv_forward(
                x, W, b, out_dims, self.stride, self.pad, self.dilate, self.groups)
            return y,
        if self._keep_col and isinstance(x, numpy.ndarray):
            y, col = _conv.conv_forward(
                x, W, b, self.stride, self.pad, self.dilate, self.groups, self.cover_all,
                return_col=True)
            if col.nbytes <= _KEEP_COL_MAX_BYTES:
                self._col = (x, col)
            return y,
        y = _conv.conv_forward(
            x, W, b, self.stride, self.pad, self.dilate, self.groups, self.cover_all)
        return y,

    def _backward_arrays(self, indexes, grad_outputs):
        from chainer.functions.connection import deconvolution_nd
        gy, = grad_outputs
        x = self.inputs[0].data
        W = self.inputs[1].data
        ret = []
        for i in indexes:
            if i == 0:
                deconv = deconvolution_nd.DeconvolutionND(
                    self.ndim, self.stride, self.pad, x.shape[2:], self.dilate, self.groups)
                ret.append(deconv.forward((gy, W))[0])
            elif i == 1:
                ret.append(ConvolutionNDGradW(self, W).forward((x, gy))[0])
            else:
                axis = (0,) + tuple(range(2, gy.ndim))
                ret.append(utils.force_array(gy.sum(axis=axis), self._b_dtype))
        return tuple(ret)

    def backward(self, indexes, grad_outputs):
        from chainer.functions.connection import deconvolution_nd
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            gx = deconvolution_nd.deconvolution_nd(
                gy, W, stride=self.stride, pad=self.pad, outsize=x.shape[2:],
                dilate=self.dilate, groups=self.groups)
            ret.append(gx)
        if 1 in indexes:
            gW, = ConvolutionNDGradW(self, W).apply((x, gy))
            ret.append(gW)
        if 2 in indexes:
            ret.append(bias_grad(gy, self._b_dtype))
        return ret


class ConvolutionNDGradW(function_node.FunctionNode):
    """Gradient of :class:`ConvolutionND` w.r.t. the filter (inputs: ``x``, ``gy``)."""

    def __init__(self, conv, W=None):
        self.ndim = conv.ndim
        self.stride = conv.stride
        self.pad = conv.pad
        self.cover_all = conv.cover_all
        self.dilate = conv.dilate
        self.groups = conv.groups
        if W is None:
            W = conv.inputs[1]
        self.ksize = tuple(W.shape[2:])
        self.W_shape = tuple(W.shape)
        self.W_dtype = W.dtype
        # the patch matrix the forward pass kept, ``(x, col)``: handed over (used once)
        self._kept_col = getattr(conv, '_col', None)
        if self._kept_col is not None:
            conv._col = None

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        if (not isinstance(x, numpy.ndarray)
                and x.dtype == self.W_dtype
                and _cudnn.can_use_conv(
                    x, x, self.ndim, self.cover_all, self.dilate, self.groups)):
            gW = _cudnn.conv_backward_filter(
                x, gy.astype(x.dtype, copy=False), self.W_shape, self.stride, self.pad,
                self.dilate, self.groups)
            return gW,
        kept, self._kept_col = self._kept_col, None
        col = kept[1] if kept is not None and kept[0] is x else None
        gW = _conv.conv_grad_w(
            x, gy, self.ksize, self.stride, self.pad, self.dilate, self.groups,
            self.cover_all, self.W_dtype, col=col)
        return gW,

    def backward(self, indexes, grad_outputs):
        from chainer.functions.connection import deconvolution_nd
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ret = []
        if 0 in indexes:
            gx = deconvolution_nd.deconvolution_nd(
                gy, ggW, stride=self.stride, pad=self.pad, outsize=x.shape[2:],
                dilate=self.dilate, groups=self.groups)
            ret.append(gx)
        if 1 in indexes:
            ggy = convolution_nd(
                x, ggW, stride=self.stride, pad=self.pad, cover_all=self.cover_all,
                dilate=self.dilate, groups=self.groups)
            ret.append(ggy)
        return ret


def convolution_nd(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """N-dimensional convolution function.

    Computes the cross-correlation of ``x`` of shape ``(n, c_I, d_1, ..., d_N)`` with filters
    ``W`` of shape ``(c_O, c_I / groups, k_1, ..., k_N)``. The output size along each axis is
    ``(d + 2p - ((k - 1) * dilate + 1)) // s + 1`` (``cover_all`` adds ``s - 1`` before the
    division).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(n, c_I, d...)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters ``(c_O, c_I/groups, k...)``.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(c_O,)`` (optional).
        stride (int or tuple of ints): Stride of the filter application.
        pad (int or tuple of ints): Spatial zero padding.
        cover_all (bool): If ``True``, all spatial locations are convoluted into some output.
        dilate (int or tuple of ints): Dilation factor of the filter.
        groups (int): Number of channel groups.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, l_1, ..., l_N)``.

    .. admonition:: Example

        >>> x = np.ones((1, 1, 4, 4, 4), np.float32)  # three spatial dimensions
        >>> W = np.ones((2, 1, 3, 3, 3), np.float32)
        >>> y = F.convolution_nd(x, W, pad=1)
        >>> y.shape
        (1, 2, 4, 4, 4)
        >>> y.array[0, 0, :, 0, 0]
        array([ 8., 12., 12.,  8.], dtype=float32)
    """
    ndim = len(x.shape[2:])
    fnode = ConvolutionND(
        ndim, stride, pad, cover_all, dilate=dilate, groups=groups)
    _keep_col_for(fnode, W)
    args = (x, W) if b is None else (x, W, b)
    y, = fnode.apply(args)
    return y


def convolution_1d(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """1-dimensional convolution function (:func:`convolution_nd` with ``N == 1``).

    .. admonition:: Example

        >>> x = np.arange(5, dtype=np.float32).reshape(1, 1, 5)
        >>> W = np.array([[[1, 0, -1]]], np.float32)
        >>> F.convolution_1d(x, W).array
        array([[[-2., -2., -2.]]], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 1)
    return convolution_nd(x, W, b, stride, pad, cover_all, dilate, groups)


def convolution_3d(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """3-dimensional convolution function (:func:`convolution_nd` with ``N == 3``).

    .. admonition:: Example

        >>> x = np.ones((1, 2, 4, 4, 4), np.float32)
        >>> W = np.ones((3, 2, 2, 2, 2), np.float32)
        >>> y = F.convolution_3d(x, W, stride=2)
        >>> y.shape
        (1, 3, 2, 2, 2)
        >>> y.array[0, :, 0, 0, 0]
        array([16., 16., 16.], dtype=float32)
    """
    _conv.check_spatial_ndim(x, 3)
    return convolution_nd(x, W, b, stride, pad, cover_all, dilate, groups)
