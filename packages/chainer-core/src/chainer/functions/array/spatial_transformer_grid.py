from chainer import backend
from chainer import function_node
from chainer.utils import argument
from chainer.utils import type_check


def _coords(output_shape, xp, dtype):
    """Homogeneous target coordinates ``(x, y, 1)`` of shape (3, H * W)."""
    H, W = output_shape
    ys, xs = xp.meshgrid(
        xp.linspace(-1, 1, H, dtype=dtype),
        xp.linspace(-1, 1, W, dtype=dtype), indexing='ij')
    coords = xp.concatenate(
        [xs[None], ys[None], xp.ones((1, H, W), dtype=dtype)], axis=0)
    return coords.reshape(3, H * W)


class SpatialTransformerGrid(function_node.FunctionNode):

    """Generates a sampling grid from affine transformation parameters."""

    def __init__(self, output_shape):
        self.output_shape = output_shape

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('theta',))

        theta_type = in_types[0]
        type_check.expect(
            theta_type.dtype.kind == 'f',
            theta_type.ndim == 3,
        )
        type_check.expect(
            theta_type.shape[1] == 2,
            theta_type.shape[2] == 3,
        )

    def forward(self, inputs):
        theta, = inputs
        H, W = self.output_shape
        B = theta.shape[0]
        xp = backend.get_array_module(theta)
        coords = _coords(self.output_shape, xp, theta.dtype)
        grid = theta.dot(coords).reshape(B, 2, H, W)
        return grid,

    def backward(self, indexes, grad_outputs):
        return _SpatialTransformerGridGrad(self.output_shape).apply(
            grad_outputs)


class _SpatialTransformerGridGrad(function_node.FunctionNode):

    """Gradient of :class:`SpatialTransformerGrid` (a linear map)."""

    def __init__(self, output_shape):
        self.output_shape = output_shape

    def forward(self, inputs):
        ggrid, = inputs
        H, W = self.output_shape
        B = ggrid.shape[0]
        xp = backend.get_array_module(ggrid)
        coords = _coords(self.output_shape, xp, ggrid.dtype)
        gtheta = ggrid.reshape(B, 2, H * W).dot(coords.T)
        return gtheta.reshape(B, 2, 3),

    def backward(self, indexes, grad_outputs):
        return SpatialTransformerGrid(self.output_shape).apply(grad_outputs)


def spatial_transformer_grid(theta, output_shape, **kwargs):
    """2D Spatial Transformer grid.

    This function generates coordinates of the points sampled from an image
    to perform warping described in `Spatial Transformer Networks
    <https://arxiv.org/abs/1506.02025>`_.

    Given a coordinate in the warped image :math:`(x_i^t, y_i^t)`, the point
    sampled from the source image :math:`(x_i^s, y_i^s)` are calculated
    by the following equation.

    .. math::

        \\left(\\begin{matrix} x_i^s \\\\
            y_i^s \\end{matrix}\\right)
        =
        \\left(\\begin{matrix} \\theta_{11} & \\theta_{12} & \\theta_{13} \\\\
            \\theta_{21} & \\theta_{22} & \\theta_{23} \\end{matrix}\\right)
        \\left(\\begin{matrix} x_i^t \\\\
            y_i^t \\\\
            1 \\end{matrix}\\right)

    Notation: here is a notation for dimensionalities.

    - :math:`n` is the batch size.
    - :math:`h_O` and :math:`w_O` are the height and the width of the output
      image.

    Args:
        theta (:class:`~chainer.Variable` or :ref:`ndarray`):
            An array of shape :math:`(n, 2, 3)`.
            This is a batch of :math:`2 \\times 3` matrix used for
            the warping described above.
        output_shape (tuple): A tuple of 2 elements: :math:`h_O, w_O`.

    Returns:
        ~chainer.Variable:  A variable of shape :math:`(n, 2, h_O, w_O)`.
        In the 2nd dimension, the first element is the coordinate along the
        x axis, and the second element is the coordinate along the y axis.
        All the coordinates in the image are scaled to fit range
        :math:`[-1, 1]`.
        This means that the coordinate :math:`(-1, -1)` corresponds to
        the upper-left corner of the input image.

    """
    if kwargs:
        argument.check_unexpected_kwargs(
            kwargs, use_cudnn='The argument "use_cudnn" is not '
            'supported anymore. '
            'Use chainer.using_config(\'use_cudnn\', value) '
            'context where value can be `always`, `never`, or `auto`.')
        argument.assert_kwargs_empty(kwargs)
    return SpatialTransformerGrid(output_shape).apply((theta,))[0]
