"""Bilinear / nearest-neighbour resizing of images: :func:`resize_images`."""
import numpy

from chainer import backend
from chainer import function_node
from chainer.utils._scatter import scatter_add
from chainer.utils import type_check

_MODES = ('bilinear', 'nearest')


def compute_indices_and_weights(out_size, in_size, mode, align_corners, xp):
    """Source positions of the output rows and columns.

    Args:
        out_size (tuple of int): ``(out_H, out_W)``.
        in_size (tuple of int): ``(H, W)``.
        mode (str): ``'bilinear'`` or ``'nearest'``.
        align_corners (bool): Map the corner pixels of the input onto those of the output
            (bilinear mode only).
        xp (module): Array module of the results.

    Returns:
        tuple: ``(v, u, vw, uw)``: float64 arrays holding the integer part of the source
        row (``out_H``) and column (``out_W``) positions, and their fractional parts.
    """
    def positions(n_out, n_in):
        steps = xp.arange(n_out, dtype=numpy.float64)
        if mode == 'nearest':
            return xp.minimum(xp.floor(steps * (n_in / n_out)), n_in - 1)
        if align_corners:
            return xp.linspace(0, n_in - 1, num=n_out, dtype=numpy.float64)
        # pixel centres of the output, expressed in input pixels
        return xp.maximum((steps + 0.5) * (n_in / n_out) - 0.5, 0)

    if mode not in _MODES:
        raise ValueError('interpolation method {} is not supported'.format(mode))
    vw, v = xp.modf(positions(out_size[0], in_size[0]))
    uw, u = xp.modf(positions(out_size[1], in_size[1]))
    return v, u, vw, uw


def _corners(v, u, vw, uw, H, W):
    """The four neighbours ``(rows, cols, weight)`` of every sampled position."""
    xp = backend.get_array_module(v)
    v_next = xp.minimum(v + 1, H - 1)
    u_next = xp.minimum(u + 1, W - 1)
    return (
        (v, u, (1 - vw) * (1 - uw)),
        (v, u_next, (1 - vw) * uw),
        (v_next, u, vw * (1 - uw)),
        (v_next, u_next, vw * uw),
    )


def _interpolate(x, v, u, vw, uw):
    y = None
    for rows, cols, weight in _corners(v, u, vw, uw, x.shape[2], x.shape[3]):
        term = x[:, :, rows, cols] * weight
        y = term if y is None else y + term
    return y


def _interpolate_grad(gy, v, u, vw, uw, H, W):
    xp = backend.get_array_module(gy)
    work = numpy.float32 if gy.dtype == numpy.float16 else gy.dtype
    gx = xp.zeros(gy.shape[:2] + (H, W), work)
    everything = slice(None)
    for rows, cols, weight in _corners(v, u, vw, uw, H, W):
        scatter_add(gx, (everything, everything, rows, cols), (gy * weight).astype(work))
    return gx.astype(gy.dtype, copy=False)


def interpolate_bilinear_cpu(x, v, u, vw, uw):
    """Bilinear sampling of images ``x`` ``(B, C, H, W)`` (NumPy).

    ``v`` and ``u`` are the integer source rows and columns of the upper-left neighbours and
    ``vw``/``uw`` the weights of the lower/right ones, all of shape ``(out_H, out_W)``.
    Returns an array of shape ``(B, C, out_H, out_W)``.
    """
    return _interpolate(x, v, u, vw, uw)


def interpolate_bilinear_gpu(x, v, u, vw, uw):
    """CuPy counterpart of :func:`interpolate_bilinear_cpu`."""
    return _interpolate(x, v, u, vw, uw)


def interpolate_grad_bilinear_cpu(gy, v, u, vw, uw, H, W):
    """Adjoint of :func:`interpolate_bilinear_cpu`: spreads ``gy`` ``(B, C, out_H, out_W)``
    back onto images of shape ``(B, C, H, W)`` (NumPy)."""
    return _interpolate_grad(gy, v, u, vw, uw, H, W)


def interpolate_grad_bilinear_gpu(gy, v, u, vw, uw, H, W):
    """CuPy counterpart of :func:`interpolate_grad_bilinear_cpu`."""
    return _interpolate_grad(gy, v, u, vw, uw, H, W)


def _sampling_grid(out_size, in_size, mode, align_corners, xp, dtype):
    v, u, vw, uw = compute_indices_and_weights(out_size, in_size, mode, align_corners, xp)
    rows = v.astype(numpy.intp)[:, None]
    cols = u.astype(numpy.intp)[None, :]
    return xp.broadcast_arrays(rows, cols, vw.astype(dtype)[:, None], uw.astype(dtype)[None, :])


def _check_images(in_types, name):
    type_check.argname(in_types, (name,))
    t, = in_types
    # (float32 only, as v7)
    type_check.expect(t.dtype == numpy.float32, t.ndim == 4)


class ResizeImages(function_node.FunctionNode):
    """Resamples images to ``output_shape`` (bilinear or nearest neighbour)."""

    def __init__(self, output_shape, mode, align_corners):
        if mode not in _MODES:
            raise ValueError('interpolation method {} is not supported'.format(mode))
        self.out_H, self.out_W = output_shape
        self.mode = mode
        self.align_corners = align_corners

    def check_type_forward(self, in_types):
        _check_images(in_types, 'x')

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = backend.get_array_module(x)
        grid = _sampling_grid((self.out_H, self.out_W), x.shape[2:], self.mode,
                              self.align_corners, xp, x.dtype)
        if xp is numpy:
            return interpolate_bilinear_cpu(x, *grid),
        return interpolate_bilinear_gpu(x, *grid),

    def backward(self, indexes, grad_outputs):
        grad = ResizeImagesGrad(self._in_shape, (self.out_H, self.out_W), self.mode,
                                self.align_corners)
        return grad.apply(grad_outputs)


class ResizeImagesGrad(function_node.FunctionNode):
    """Adjoint of :class:`ResizeImages`: maps output gradients onto ``input_shape``."""

    def __init__(self, input_shape, output_shape, mode, align_corners):
        if mode not in _MODES:
            raise ValueError('interpolation method {} is not supported'.format(mode))
        self.input_shape = input_shape
        self.out_H, self.out_W = output_shape
        self.mode = mode
        self.align_corners = align_corners

    def check_type_forward(self, in_types):
        _check_images(in_types, 'gy')

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        H, W = self.input_shape[2:]
        grid = _sampling_grid((self.out_H, self.out_W), (H, W), self.mode,
                              self.align_corners, xp, gy.dtype)
        if xp is numpy:
            return interpolate_grad_bilinear_cpu(gy, *grid, H, W),
        return interpolate_grad_bilinear_gpu(gy, *grid, H, W),

    def backward(self, indexes, grad_outputs):
        return ResizeImages((self.out_H, self.out_W), self.mode,
                            self.align_corners).apply(grad_outputs)


def resize_images(x, output_shape, *, mode='bilinear', align_corners=True):
    """Resizes images to a given height and width.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Images of shape ``(n, c, h, w)``.
        output_shape (tuple): ``(h_O, w_O)``, height first (unlike OpenCV).
        mode (str): ``'bilinear'`` or ``'nearest'``.
        align_corners (bool): In bilinear mode, map the corner pixels of the input onto
            those of the output; if ``False``, pixel centres are mapped as OpenCV does.

    Returns:
        ~chainer.Variable: Images of shape ``(n, c, h_O, w_O)``.

    .. admonition:: Example

        >>> x = np.array([[[[0, 2], [4, 6]]]], np.float32)
        >>> y = F.resize_images(x, (3, 3))
        >>> y.shape
        (1, 1, 3, 3)
        >>> y.array[0, 0]
        array([[0., 1., 2.],
               [2., 3., 4.],
               [4., 5., 6.]], dtype=float32)
    """
    return ResizeImages(output_shape, mode, align_corners).apply((x,))[0]
