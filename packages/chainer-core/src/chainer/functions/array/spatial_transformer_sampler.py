"""Bilinear image sampling at arbitrary points: :func:`spatial_transformer_sampler`."""
import numpy

from chainer import backend
from chainer import function
from chainer.utils._scatter import scatter_add
from chainer.functions.array.spatial_transformer_grid import USE_CUDNN_MESSAGE
from chainer.utils import argument
from chainer.utils import type_check


class _Axis:
    """Sampling positions along one image axis of length ``size``.

    The image is seen with a one-pixel frame of zeros, so that a point up to one pixel outside
    the image blends with zero and farther points read zero. ``lo`` indexes the framed image
    (``lo`` and ``lo + 1`` are the neighbours), ``frac`` is the weight of ``lo + 1`` and
    ``inside`` marks the points where the position is differentiable (not clamped).
    """

    def __init__(self, coord, size, dtype):
        pos = (coord + 1) * (size - 1) / 2 + 1      # position in the framed image
        self.scale = (size - 1) / 2.                 # d pos / d coord
        self.inside = (pos > 0) & (pos < size + 1)
        pos = pos.clip(0, size + 1)
        xp = backend.get_array_module(coord)
        self.lo = xp.floor(pos).astype(numpy.int32).clip(0, size)
        self.frac = (pos - self.lo).astype(dtype, copy=False)
        self.rest = (self.lo + 1 - pos).astype(dtype, copy=False)

    def weight(self, step):
        return self.frac if step else self.rest


class SpatialTransformerSampler(function.Function):
    """Bilinearly samples images ``x`` at the points of ``grid``."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'grid'))
        x_type, grid_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            grid_type.dtype == x_type.dtype,
            x_type.ndim == 4,
            grid_type.ndim == 4,
        )
        type_check.expect(grid_type.shape[1] == 2, x_type.shape[0] == grid_type.shape[0])

    @staticmethod
    def _setup(x, grid):
        xp = backend.get_array_module(x)
        B, _, H, W = x.shape
        points = grid.reshape(B, 2, -1)
        cols = _Axis(points[:, 0], W, x.dtype)
        rows = _Axis(points[:, 1], H, x.dtype)
        framed = xp.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), mode='constant')
        batch = xp.arange(B)[:, None]
        return framed, rows, cols, batch

    def forward(self, inputs):
        x, grid = inputs
        xp = backend.get_array_module(x)
        framed, rows, cols, batch = self._setup(x, grid)
        y = 0
        for dv in (0, 1):
            for du in (0, 1):
                w = rows.weight(dv) * cols.weight(du)
                # (B, P, C) values of this neighbour for every sampled point
                y = y + w[:, :, None] * framed[batch, :, rows.lo + dv, cols.lo + du]
        B, C = x.shape[:2]
        y = y.reshape((B,) + grid.shape[2:] + (C,)).transpose(0, 3, 1, 2)
        return xp.ascontiguousarray(y),

    def backward(self, inputs, grad_outputs):
        x, grid = inputs
        gy, = grad_outputs
        xp = backend.get_array_module(x)
        framed, rows, cols, batch = self._setup(x, grid)
        B, C = x.shape[:2]
        gy = gy.reshape(B, C, -1).transpose(0, 2, 1)      # (B, P, C)

        corner = {(dv, du): framed[batch, :, rows.lo + dv, cols.lo + du]
                  for dv in (0, 1) for du in (0, 1)}
        # derivatives of the interpolated value along the framed-image axes
        d_col = (rows.weight(0)[:, :, None] * (corner[0, 1] - corner[0, 0])
                 + rows.weight(1)[:, :, None] * (corner[1, 1] - corner[1, 0]))
        d_row = (cols.weight(0)[:, :, None] * (corner[1, 0] - corner[0, 0])
                 + cols.weight(1)[:, :, None] * (corner[1, 1] - corner[0, 1]))
        g_u = (d_col * gy).sum(axis=2) * cols.scale * cols.inside
        g_v = (d_row * gy).sum(axis=2) * rows.scale * rows.inside
        ggrid = xp.stack((g_u, g_v), axis=1).reshape(grid.shape)
        ggrid = ggrid.astype(grid.dtype, copy=False)

        g_framed = xp.zeros_like(framed)
        everything = slice(None)
        for dv in (0, 1):
            for du in (0, 1):
                w = rows.weight(dv) * cols.weight(du)
                scatter_add(g_framed, (batch, everything, rows.lo + dv, cols.lo + du),
                            gy * w[:, :, None])
        gx = xp.ascontiguousarray(g_framed[:, :, 1:-1, 1:-1])
        return gx, ggrid


def spatial_transformer_sampler(x, grid, **kwargs):
    """Differentiable bilinear sampling of images (`Spatial Transformer Networks
    <https://arxiv.org/abs/1506.02025>`_).

    Output pixel ``(i, j)`` of sample ``n`` is the bilinear interpolation of ``x[n]`` at the
    point ``grid[n, :, i, j]``. Points outside the image read zeros (points less than one
    pixel outside blend with the border pixels).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Images of shape ``(n, c, h, w)``.
        grid (:class:`~chainer.Variable` or :ref:`ndarray`): Sampling points of shape
            ``(n, 2, h_O, w_O)``: channel 0 is the horizontal and channel 1 the vertical
            coordinate, normalized so that ``(-1, -1)`` is the upper-left corner of the
            image and ``(1, 1)`` the lower-right one.

    Returns:
        ~chainer.Variable: Sampled images of shape ``(n, c, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32).reshape(1, 1, 2, 3)
        >>> theta = np.array([[[1, 0, 0], [0, 1, 0]]], np.float32)
        >>> grid = F.spatial_transformer_grid(theta, (2, 3))
        >>> y = F.spatial_transformer_sampler(x, grid)  # the identity grid reproduces x
        >>> y.shape
        (1, 1, 2, 3)
        >>> np.allclose(y.array, x)
        True
    """
    if kwargs:
        argument.check_unexpected_kwargs(kwargs, use_cudnn=USE_CUDNN_MESSAGE)
        argument.assert_kwargs_empty(kwargs)
    return SpatialTransformerSampler()(x, grid)
