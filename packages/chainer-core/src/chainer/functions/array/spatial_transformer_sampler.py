import numpy

from chainer import backend
from chainer import function
from chainer.utils import argument
from chainer.utils import type_check


def _sampling_points(x, grid):
    """Neighbour indices and bilinear weights in the zero-padded image.

    Returns ``(x_pad, u, v, u0, u1, v0, v1, wu0, wu1, wv0, wv1)``; the index
    and weight arrays have shape (B, out_H * out_W). Coordinates are those
    of ``x`` padded by one pixel of zeros on every side, so that samples up
    to one pixel outside the image fade to zero and farther ones are zero.
    """
    xp = backend.get_array_module(x)
    B, C, H, W = x.shape
    grid = grid.reshape(grid.shape[:2] + (-1,))
    x_pad = xp.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), mode='constant')

    # Rescale coordinates from [-1, 1] to [0, W - 1] / [0, H - 1] and shift
    # them into the padded image.
    u = (grid[:, 0] + 1) * (W - 1) / 2 + 1
    v = (grid[:, 1] + 1) * (H - 1) / 2 + 1
    u_clipped = u.clip(0, W + 1)
    v_clipped = v.clip(0, H + 1)

    # indices of the 2x2 pixel neighbourhood surrounding the coordinates
    u0 = xp.floor(u_clipped).astype(numpy.int32).clip(0, W)
    u1 = u0 + 1
    v0 = xp.floor(v_clipped).astype(numpy.int32).clip(0, H)
    v1 = v0 + 1

    dtype = x.dtype
    wu0 = (u_clipped - u0).astype(dtype, copy=False)
    wu1 = (u1 - u_clipped).astype(dtype, copy=False)
    wv0 = (v_clipped - v0).astype(dtype, copy=False)
    wv1 = (v1 - v_clipped).astype(dtype, copy=False)
    return x_pad, u, v, u0, u1, v0, v1, wu0, wu1, wv0, wv1


class SpatialTransformerSampler(function.Function):

    """Samples an image at the points of a grid (bilinear)."""

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x', 'grid'))

        x_type = in_types[0]
        grid_type = in_types[1]
        type_check.expect(
            x_type.dtype.kind == 'f',
            grid_type.dtype == x_type.dtype,
            x_type.ndim == 4,
            grid_type.ndim == 4,
        )
        type_check.expect(
            grid_type.shape[1] == 2,
            x_type.shape[0] == grid_type.shape[0],
        )

    def forward(self, inputs):
        x, grid = inputs
        xp = backend.get_array_module(x)
        B, C, H, W = x.shape
        _, _, out_H, out_W = grid.shape
        (x_pad, _, _, u0, u1, v0, v1,
         wu0, wu1, wv0, wv1) = _sampling_points(x, grid)
        b = xp.arange(B)[:, None]
        # each gathered array has shape (B, out_H * out_W, C)
        y = ((wu1 * wv1)[:, :, None] * x_pad[b, :, v0, u0]
             + (wu0 * wv1)[:, :, None] * x_pad[b, :, v0, u1]
             + (wu1 * wv0)[:, :, None] * x_pad[b, :, v1, u0]
             + (wu0 * wv0)[:, :, None] * x_pad[b, :, v1, u1])
        y = y.reshape(B, out_H, out_W, C).transpose(0, 3, 1, 2)
        return xp.ascontiguousarray(y),

    def backward(self, inputs, grad_outputs):
        x, grid = inputs
        gy, = grad_outputs
        xp = backend.get_array_module(x)
        B, C, H, W = x.shape
        _, _, out_H, out_W = grid.shape
        (x_pad, u, v, u0, u1, v0, v1,
         wu0, wu1, wv0, wv1) = _sampling_points(x, grid)
        b = xp.arange(B)[:, None]
        gy = gy.reshape(B, C, -1).transpose(0, 2, 1)  # (B, P, C)

        # --- ggrid
        x1 = x_pad[b, :, v0, u0]
        x2 = x_pad[b, :, v0, u1]
        x3 = x_pad[b, :, v1, u0]
        x4 = x_pad[b, :, v1, u1]
        gu = (wv1[:, :, None] * (x2 - x1)
              + wv0[:, :, None] * (x4 - x3))
        gv = (wu1[:, :, None] * (x3 - x1)
              + wu0[:, :, None] * (x4 - x2))
        gu = (gu * gy).sum(axis=2)
        gv = (gv * gy).sum(axis=2)
        # scaling of the coordinates; clipped coordinates get no gradient
        gu = gu * ((W - 1) / 2.) * ((u > 0) & (u < W + 1))
        gv = gv * ((H - 1) / 2.) * ((v > 0) & (v < H + 1))
        ggrid = xp.stack((gu, gv), axis=1).reshape(B, 2, out_H, out_W)
        ggrid = ggrid.astype(grid.dtype, copy=False)

        # --- gx
        if xp is numpy:
            scatter_add = numpy.add.at
        else:
            import cupyx
            scatter_add = cupyx.scatter_add
        gx = xp.zeros_like(x_pad)
        s = slice(None)
        scatter_add(gx, (b, s, v0, u0), gy * (wu1 * wv1)[:, :, None])
        scatter_add(gx, (b, s, v0, u1), gy * (wu0 * wv1)[:, :, None])
        scatter_add(gx, (b, s, v1, u0), gy * (wu1 * wv0)[:, :, None])
        scatter_add(gx, (b, s, v1, u1), gy * (wu0 * wv0)[:, :, None])
        gx = xp.ascontiguousarray(gx[:, :, 1:-1, 1:-1])
        return gx, ggrid


def spatial_transformer_sampler(x, grid, **kwargs):
    """2D Spatial Transformer sampler.

    This is a differentiable image sampler. With a set of sampling points
    ``grid`` and an input feature map ``x``, this produces a sampled output
    feature map.

    This function currently only supports bilinear interpolation as a
    sampling kernel.

    When sampling points fall outside of the input feature map, the values
    are computed as if the input feature map were padded with zeros
    (points farther than one pixel outside sample zero).

    Notation: here is a notation for dimensionalities.

    - :math:`n` is the batch size.
    - :math:`c_I` is the number of the input channels.
    - :math:`h` and :math:`w` are the height and width of the input image,
      respectively.
    - :math:`h_O` and :math:`w_O` are the height and width of the output
      image.

    See detail in the following paper: `Spatial Transformer Networks
    <https://arxiv.org/abs/1506.02025>`_.

    .. note::

        cuDNN supports SpatialTransformerSampler from version 5.0.0.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            Input variable of shape :math:`(n, c_I, h, w)`.
        grid (:class:`~chainer.Variable` or :ref:`ndarray`):
            Coordinate variable of shape :math:`(n, 2, h_O, w_O)`.
            Each coordinate defines the spatial location in the input where a
            sampling kernel is applied to get the value at a particular pixel
            in the output. ``grid[idx, :, i, j]`` corresponds to the
            coordinate that is used to sample the values for an output pixel
            at location :math:`(i, j)`.

            In the second dimension, the first coordinate corresponds to the
            location along the horizontal axis, and the second coordinate
            corresponds to the location along the vertical axis.

            The coordinate :math:`(-1, -1)` corresponds to the upper-left
            corner of the input image.

    Returns:
        ~chainer.Variable: Output feature map of shape
        :math:`(n, c_I, h_O, w_O)`.

    """
    if kwargs:
        argument.check_unexpected_kwargs(
            kwargs, use_cudnn='The argument "use_cudnn" is not '
            'supported anymore. '
            'Use chainer.using_config(\'use_cudnn\', value) '
            'context where value can be `always`, `never`, or `auto`.')
        argument.assert_kwargs_empty(kwargs)
    return SpatialTransformerSampler()(x, grid)
