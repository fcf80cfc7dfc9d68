"""Two-dimensional convolution (``convolution_2d``)."""
from chainer.functions._helpers import convolution as _conv
from chainer.functions.connection import convolution_nd
from chainer.utils import argument

_DETERMINISTIC_MSG = (
    'deterministic argument is not supported anymore. '
    "Use chainer.using_config('cudnn_deterministic', value) context where value is "
    'either `True` or `False`.')


class Convolution2DFunction(_conv.Params2D, convolution_nd.ConvolutionND):
    """Two-dimensional convolution function node (``dilate`` and ``groups`` are keyword-only)."""

    _any_bias_dtype = False
    _type_checks_channels = True

    def __init__(self, stride=1, pad=0, cover_all=False, **kwargs):
        dilate, groups = argument.parse_kwargs(
            kwargs, ('dilate', 1), ('groups', 1), deterministic=_DETERMINISTIC_MSG)
        super().__init__(2, stride, pad, cover_all, dilate=dilate, groups=groups)

    def _check_channels(self, x, W):
        # (the input channels are type-checked; v7 raised ValueError for the output ones)
        if W.shape[0] % self.groups:
            raise ValueError(
                'The number of groups must be a divisor of that of output channels (got {} '
                'channels, {} groups)'.format(W.shape[0], self.groups))


class Convolution2DGradW(_conv.Params2D, convolution_nd.ConvolutionNDGradW):
    """Gradient of :class:`Convolution2DFunction` w.r.t. the filter (inputs: ``x``, ``gy``)."""


def convolution_2d(x, W, b=None, stride=1, pad=0, cover_all=False, **kwargs):
    """convolution_2d(x, W, b=None, stride=1, pad=0, cover_all=False, *, dilate=1, groups=1)

    Two-dimensional convolution function.

    Computes the cross-correlation of ``x`` ``(n, c_I, h_I, w_I)`` with filters ``W``
    ``(c_O, c_I / groups, h_K, w_K)``; ``h_O = (h_I + 2 p_H - (h_K - 1) d_Y - 1) // s_Y + 1``
    (``cover_all=True`` adds ``s_Y - 1`` before the division), likewise for the width.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape ``(n, c_I, h, w)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(c_O,)`` (optional).
        stride (int or pair of ints): Stride ``(s_Y, s_X)``.
        pad (int or pair of ints): Zero padding ``(p_H, p_W)``.
        cover_all (bool): If ``True``, all spatial locations are convoluted into some output.
        dilate (int or pair of ints): Dilation factor ``(d_Y, d_X)``.
        groups (int): Number of channel groups.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)  # (n, c, h, w)
        >>> W = np.ones((1, 1, 2, 2), np.float32)  # (out channels, in channels, kh, kw)
        >>> y = F.convolution_2d(x, W)
        >>> y.array
        array([[[[10., 14., 18.],
                 [26., 30., 34.],
                 [42., 46., 50.]]]], dtype=float32)
        >>> F.convolution_2d(x, W, stride=2, pad=1).shape
        (1, 1, 3, 3)
    """
    dilate, groups = argument.parse_kwargs(
        kwargs, ('dilate', 1), ('groups', 1), deterministic=_DETERMINISTIC_MSG)
    fnode = Convolution2DFunction(stride, pad, cover_all, dilate=dilate, groups=groups)
    convolution_nd._keep_col_for(fnode, W)
    args = (x, W) if b is None else (x, W, b)
    y, = fnode.apply(args)
    return y
