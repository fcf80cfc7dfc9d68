"""Two-dimensional transposed convolution (``deconvolution_2d``)."""
from chainer.functions._helpers import convolution as _conv
from chainer.functions.connection import convolution_2d
from chainer.functions.connection import deconvolution_nd
from chainer.utils import argument


class Deconvolution2DFunction(_conv.Params2D, deconvolution_nd.DeconvolutionND):
    """Two-dimensional transposed convolution node (``dilate``/``groups`` keyword-only)."""

    _any_bias_dtype = False

    def __init__(self, stride=1, pad=0, outsize=None, **kwargs):
        dilate, groups = argument.parse_kwargs(
            kwargs, ('dilate', 1), ('groups', 1),
            deterministic=convolution_2d._DETERMINISTIC_MSG)
        super().__init__(2, stride, pad, outsize, dilate=dilate, groups=groups)

    def _check_groups(self, channels):
        if channels % self.groups:
            raise ValueError(
                'The number of groups must be a divisor of that of input channels (got {} '
                'channels, {} groups)'.format(channels, self.groups))

    def _check_computed_out_dims(self, dims):
        for d, name in zip(dims, ('Height', 'Width')):
            if d <= 0:
                raise RuntimeError('{} in the output must be positive.'.format(name))

    @property
    def outh(self):
        return None if self.outs is None else self.outs[0]

    @property
    def outw(self):
        return None if self.outs is None else self.outs[1]


def deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, **kwargs):
    """deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, *, dilate=1, groups=1)

    Two-dimensional transposed convolution (deconvolution) function.

    ``x`` is ``(n, c_I, h_I, w_I)`` and ``W`` is ``(c_I, c_O / groups, h_K, w_K)``. The output
    height is ``s_Y (h_I - 1) + (h_K - 1) d_Y + 1 - 2 p_H`` unless ``outsize=(h_O, w_O)`` is
    given, in which case ``h_I`` must equal ``get_conv_outsize(h_O, h_K, s_Y, p_H, d=d_Y)``
    with or without ``cover_all``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Filters.
        b (:class:`~chainer.Variable` or :ref:`ndarray`): Bias of shape ``(c_O,)`` (optional).
        stride (int or pair of ints): Stride ``(s_Y, s_X)``.
        pad (int or pair of ints): Padding ``(p_H, p_W)``.
        outsize (pair of ints): Expected output size ``(h_O, w_O)``.
        dilate (int or pair of ints): Dilation factor.
        groups (int): Number of channel groups.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c_O, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.array([[[[1, 2], [3, 4]]]], np.float32)
        >>> W = np.ones((1, 1, 2, 2), np.float32)  # (in channels, out channels, kh, kw)
        >>> y = F.deconvolution_2d(x, W)
        >>> y.array
        array([[[[ 1.,  3.,  2.],
                 [ 4., 10.,  6.],
                 [ 3.,  7.,  4.]]]], dtype=float32)
        >>> F.deconvolution_2d(x, W, stride=2).shape
        (1, 1, 4, 4)
    """
    dilate, groups = argument.parse_kwargs(
        kwargs, ('dilate', 1), ('groups', 1),
        deterministic=convolution_2d._DETERMINISTIC_MSG)
    func = Deconvolution2DFunction(stride, pad, outsize, dilate=dilate, groups=groups)
    args = (x, W) if b is None else (x, W, b)
    y, = func.apply(args)
    return y
