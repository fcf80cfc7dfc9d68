"""Sampling grids of affine spatial transformers: :func:`spatial_transformer_grid`."""
from chainer import backend
from chainer import function_node
from chainer.utils import argument
from chainer.utils import type_check

USE_CUDNN_MESSAGE = (
    'The argument "use_cudnn" is not supported anymore. '
    "Use chainer.using_config('use_cudnn', value) context where value can be "
    '`always`, `never`, or `auto`.')


def _target_points(output_shape, xp, dtype):
    """Homogeneous coordinates ``(x, y, 1)`` of the output pixels, shape ``(3, H * W)``.

    Both coordinates run from -1 to 1 across the image; ``x`` varies fastest.
    """
    H, W = output_shape
    xs = xp.broadcast_to(xp.linspace(-1, 1, W, dtype=dtype)[None, :], (H, W))
    ys = xp.broadcast_to(xp.linspace(-1, 1, H, dtype=dtype)[:, None], (H, W))
    return xp.stack([xs.ravel(), ys.ravel(), xp.ones(H * W, dtype)])


class SpatialTransformerGrid(function_node.FunctionNode):
    """Maps the output pixel coordinates through the affine matrices ``theta``."""

    def __init__(self, output_shape):
        self.output_shape = output_shape

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('theta',))
        theta_type, = in_types
        type_check.expect(theta_type.dtype.kind == 'f', theta_type.ndim == 3)
        type_check.expect(theta_type.shape[1] == 2, theta_type.shape[2] == 3)

    def forward(self, inputs):
        theta, = inputs
        xp = backend.get_array_module(theta)
        points = _target_points(self.output_shape, xp, theta.dtype)
        # (B, 2, 3) @ (3, H * W): source coordinates of every output pixel
        grid = theta.dot(points)
        return grid.reshape((len(theta), 2) + tuple(self.output_shape)),

    def backward(self, indexes, grad_outputs):
        return _SpatialTransformerGridGrad(self.output_shape).apply(grad_outputs)


class _SpatialTransformerGridGrad(function_node.FunctionNode):
    """Adjoint of the (linear) grid generation: ``ggrid @ points^T``."""

    def __init__(self, output_shape):
        self.output_shape = output_shape

    def forward(self, inputs):
        ggrid, = inputs
        xp = backend.get_array_module(ggrid)
        points = _target_points(self.output_shape, xp, ggrid.dtype)
        flat = ggrid.reshape(len(ggrid), 2, -1)
        return flat.dot(points.T),

    def backward(self, indexes, grad_outputs):
        return SpatialTransformerGrid(self.output_shape).apply(grad_outputs)


def spatial_transformer_grid(theta, output_shape, **kwargs):
    """Sampling grid of an affine spatial transformer (`Spatial Transformer Networks
    <https://arxiv.org/abs/1506.02025>`_).

    Every output pixel, at normalized coordinates ``(x_t, y_t)`` in ``[-1, 1]``, is mapped to
    the source point ``theta @ (x_t, y_t, 1)``; the result is meant for
    :func:`~chainer.functions.spatial_transformer_sampler`.

    Args:
        theta (:class:`~chainer.Variable` or :ref:`ndarray`): Affine matrices of shape
            ``(n, 2, 3)``.
        output_shape (tuple): ``(h_O, w_O)`` of the output image.

    Returns:
        ~chainer.Variable: Grid of shape ``(n, 2, h_O, w_O)``: channel 0 holds the ``x``
        (horizontal) and channel 1 the ``y`` (vertical) source coordinate, both normalized
        so that ``(-1, -1)`` is the upper-left corner of the input.

    .. admonition:: Example

        >>> theta = np.array([[[1, 0, 0], [0, 1, 0]]], np.float32)  # identity transform
        >>> grid = F.spatial_transformer_grid(theta, (2, 3))
        >>> grid.shape
        (1, 2, 2, 3)
        >>> grid.array[0, 0]  # x coordinates in [-1, 1]
        array([[-1.,  0.,  1.],
               [-1.,  0.,  1.]], dtype=float32)
        >>> grid.array[0, 1]  # y coordinates
        array([[-1., -1., -1.],
               [ 1.,  1.,  1.]], dtype=float32)
    """
    if kwargs:
        argument.check_unexpected_kwargs(kwargs, use_cudnn=USE_CUDNN_MESSAGE)
        argument.assert_kwargs_empty(kwargs)
    return SpatialTransformerGrid(output_shape).apply((theta,))[0]
