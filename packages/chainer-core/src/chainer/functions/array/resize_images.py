import numpy

from chainer import backend
from chainer.backends import cuda
from chainer import function_node
from chainer.utils import type_check


def _corner_indices_and_weights(v, u, vw, uw, H, W):
    """Flat input indices and weights of the 2x2 neighbours of each output.

    ``v``, ``u``, ``vw`` and ``uw`` are (out_H, out_W) arrays; returns
    ``(indices, weights)`` of shape (4, out_H * out_W).
    """
    xp = backend.get_array_module(v)
    v1 = xp.minimum(v + 1, H - 1)
    u1 = xp.minimum(u + 1, W - 1)
    indices = xp.stack([v * W + u, v * W + u1, v1 * W + u, v1 * W + u1])
    weights = xp.stack([(1 - vw) * (1 - uw), (1 - vw) * uw,
                        vw * (1 - uw), vw * uw])
    return indices.reshape(4, -1), weights.reshape(4, -1)


def interpolate_bilinear_cpu(x, v, u, vw, uw):
    """Bilinear interpolation of ``x`` (B, C, H, W) on the CPU.

    ``v`` and ``u`` are the integer (row, column) indices of the upper-left
    neighbours and ``vw`` and ``uw`` their fractional weights; all four are
    (out_H, out_W) arrays. Returns an array of shape (B, C, out_H, out_W).
    """
    B, C, H, W = x.shape
    out_H, out_W = v.shape
    indices, weights = _corner_indices_and_weights(v, u, vw, uw, H, W)
    xf = x.reshape(B * C, H * W)
    y = numpy.zeros((B * C, out_H * out_W), dtype=x.dtype)
    for k in range(4):
        y += xf[:, indices[k]] * weights[k]
    return y.reshape(B, C, out_H, out_W)


def interpolate_bilinear_gpu(x, v, u, vw, uw):
    """Bilinear interpolation of ``x`` (B, C, H, W) on the GPU.

    Takes the same arguments as :func:`interpolate_bilinear_cpu`.
    """
    B, C, H, W = x.shape
    out_H, out_W = v.shape
    y = cuda.cupy.empty((B, C, out_H, out_W), dtype=x.dtype)
    cuda.elementwise(
        'raw T x, S v, S u, T vw, T uw, S H, S W, S outsize', 'T y', '''
        // indices
        S v0 = v;
        S v1 = min(v + 1, (S)(H - 1));
        S u0 = u;
        S u1 = min(u + 1, (S)(W - 1));
        // weights
        T w0 = (1 - vw) * (1 - uw);
        T w1 = (1 - vw) * uw;
        T w2 = vw * (1 - uw);
        T w3 = vw * uw;
        // fetch
        S offset = i / outsize * H * W;
        T px0 = x[offset + v0 * W + u0];
        T px1 = x[offset + v0 * W + u1];
        T px2 = x[offset + v1 * W + u0];
        T px3 = x[offset + v1 * W + u1];
        // interpolate
        y = (w0 * px0 + w1 * px1) + (w2 * px2 + w3 * px3);
        ''', 'resize_images_interpolate_bilinear'
    )(x, v, u, vw, uw, H, W, out_H * out_W, y)
    return y


def interpolate_grad_bilinear_cpu(gy, v, u, vw, uw, H, W):
    """Gradient of the bilinear interpolation on the CPU.

    Scatters ``gy`` (B, C, out_H, out_W) back onto an array of shape
    (B, C, H, W) with the same indices and weights as the forward.
    """
    B, C, out_H, out_W = gy.shape
    indices, weights = _corner_indices_and_weights(v, u, vw, uw, H, W)
    gyf = gy.reshape(B * C, out_H * out_W)
    gx = numpy.zeros((H * W, B * C), dtype=gy.dtype)
    values = (gyf[None, :, :] * weights[:, None, :]).transpose(0, 2, 1)
    numpy.add.at(gx, indices.ravel(), values.reshape(-1, B * C))
    return gx.T.reshape(B, C, H, W)


def interpolate_grad_bilinear_gpu(gy, v, u, vw, uw, H, W):
    """Gradient of the bilinear interpolation on the GPU.

    Takes the same arguments as :func:`interpolate_grad_bilinear_cpu`.
    """
    B, C, out_H, out_W = gy.shape
    gx = cuda.cupy.zeros((B * C, H, W), dtype=gy.dtype)
    cuda.elementwise(
        'T gy, S v, S u, T vw, T uw, S H, S W, S outsize', 'raw T gx', '''
        // indices
        S v0 = v;
        S v1 = min(v + 1, (S)(H - 1));
        S u0 = u;
        S u1 = min(u + 1, (S)(W - 1));
        // weights
        T w0 = (1 - vw) * (1 - uw);
        T w1 = (1 - vw) * uw;
        T w2 = vw * (1 - uw);
        T w3 = vw * uw;
        // scatter
        S offset = i / outsize * H * W;
        atomicAdd(&gx[offset + v0 * W + u0], w0 * gy);
        atomicAdd(&gx[offset + v0 * W + u1], w1 * gy);
        atomicAdd(&gx[offset + v1 * W + u0], w2 * gy);
        atomicAdd(&gx[offset + v1 * W + u1], w3 * gy);
        ''', 'resize_images_interpolate_grad_bilinear'
    )(gy, v, u, vw, uw, H, W, out_H * out_W, gx)
    return gx.reshape((B, C, H, W))


def compute_indices_and_weights(out_size, in_size, mode, align_corners, xp):
    """Computes the source indices and weights of resizing.

    Args:
        out_size (tuple of int): Output ``(out_H, out_W)``.
        in_size (tuple of int): Input ``(H, W)``.
        mode (str): ``'bilinear'`` or ``'nearest'``.
        align_corners (bool): Whether the corner pixels of the input and
            the output are aligned (bilinear mode only).
        xp (module): Array module.

    Returns:
        tuple: ``(v, u, vw, uw)``: integer-valued float row indices (out_H,),
        column indices (out_W,) and their fractional weights.

    """
    out_H, out_W = out_size
    H, W = in_size
    if mode == 'bilinear':
        if align_corners:
            v = xp.linspace(0, H - 1, num=out_H, dtype=numpy.float64)
            u = xp.linspace(0, W - 1, num=out_W, dtype=numpy.float64)
        else:
            y_scale = H / out_H
            x_scale = W / out_W
            v = (xp.arange(out_H, dtype=numpy.float64) + 0.5) * y_scale - 0.5
            v = xp.maximum(v, 0)
            u = (xp.arange(out_W, dtype=numpy.float64) + 0.5) * x_scale - 0.5
            u = xp.maximum(u, 0)
        vw, v = xp.modf(v)
        uw, u = xp.modf(u)
    elif mode == 'nearest':
        y_scale = H / out_H
        x_scale = W / out_W
        v = xp.minimum(
            xp.floor(xp.arange(out_H, dtype=numpy.float64) * y_scale), H - 1)
        u = xp.minimum(
            xp.floor(xp.arange(out_W, dtype=numpy.float64) * x_scale), W - 1)
        vw = xp.zeros_like(v)
        uw = xp.zeros_like(u)
    else:
        raise ValueError('invalid mode: {}'.format(mode))
    return v, u, vw, uw


def _compute_grid(out_size, in_size, mode, align_corners, xp, dtype):
    v, u, vw, uw = compute_indices_and_weights(
        out_size, in_size, mode, align_corners, xp)
    v = v.astype(numpy.intp)
    u = u.astype(numpy.intp)
    vw = vw.astype(dtype)
    uw = uw.astype(dtype)
    v, u, vw, uw = xp.broadcast_arrays(
        v[:, None], u[None, :], vw[:, None], uw[None, :])
    return v, u, vw, uw


class ResizeImages(function_node.FunctionNode):

    """Resize images to the given shape."""

    def __init__(self, output_shape, mode, align_corners):
        self.out_H = output_shape[0]
        self.out_W = output_shape[1]
        if mode not in ['bilinear', 'nearest']:
            raise ValueError(
                'interpolation method {} is not supported'.format(mode))
        self.mode = mode
        self.align_corners = align_corners

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type = in_types[0]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4
        )

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        _, C, H, W = x.shape
        v, u, vw, uw = _compute_grid(
            (self.out_H, self.out_W), (H, W), self.mode, self.align_corners,
            xp, x.dtype)
        if xp is numpy:
            y = interpolate_bilinear_cpu(x, v, u, vw, uw)
        else:
            y = interpolate_bilinear_gpu(
                x, xp.ascontiguousarray(v), xp.ascontiguousarray(u),
                xp.ascontiguousarray(vw), xp.ascontiguousarray(uw))
        return y,

    def backward(self, indexes, grad_outputs):
        return ResizeImagesGrad(
            self.inputs[0].shape, (self.out_H, self.out_W), self.mode,
            self.align_corners).apply(grad_outputs)


class ResizeImagesGrad(function_node.FunctionNode):

    """Gradient of :class:`ResizeImages`."""

    def __init__(self, input_shape, output_shape, mode, align_corners):
        self.out_H = output_shape[0]
        self.out_W = output_shape[1]
        self.input_shape = input_shape
        if mode not in ['bilinear', 'nearest']:
            raise ValueError(
                'interpolation method {} is not supported'.format(mode))
        self.mode = mode
        self.align_corners = align_corners

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('gy',))
        gy_type = in_types[0]
        type_check.expect(
            gy_type.dtype.kind == 'f',
            gy_type.ndim == 4
        )

    def forward(self, inputs):
        gy, = inputs
        xp = backend.get_array_module(gy)
        _, C, H, W = self.input_shape
        v, u, vw, uw = _compute_grid(
            (self.out_H, self.out_W), (H, W), self.mode, self.align_corners,
            xp, gy.dtype)
        if xp is numpy:
            gx = interpolate_grad_bilinear_cpu(gy, v, u, vw, uw, H, W)
        else:
            gx = interpolate_grad_bilinear_gpu(
                xp.ascontiguousarray(gy), xp.ascontiguousarray(v),
                xp.ascontiguousarray(u), xp.ascontiguousarray(vw),
                xp.ascontiguousarray(uw), H, W)
        return gx,

    def backward(self, indexes, grad_outputs):
        return ResizeImages(
            (self.out_H, self.out_W), self.mode, self.align_corners
        ).apply(grad_outputs)


def resize_images(x, output_shape, mode='bilinear', align_corners=True):
    """Resize images to the given shape.

    This function resizes 2D data to :obj:`output_shape`.
    Currently, only bilinear interpolation and nearest neighbor interpolation
    are supported as the sampling method.

    Notation: here is a notation for dimensionalities.

    - :math:`n` is the batch size.
    - :math:`c_I` is the number of the input channels.
    - :math:`h` and :math:`w` are the height and width of the input image,
      respectively.
    - :math:`h_O` and :math:`w_O` are the height and width of the output
      image.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`):
            Input variable of shape :math:`(n, c_I, h, w)`.
        output_shape (tuple): This is a tuple of length 2 whose values are
            :obj:`(h_O, w_O)`. Note that the order of height and width is
            opposite of the one in OpenCV.
        mode ({'bilinear', 'nearest'}): Defines the sampling rule.
        align_corners (bool): When this value is ``True``, the corners of the
            input are mapped to the corners of the output. When ``False``,
            the behavior is the same as OpenCV. Used in bilinear mode only.

    Returns:
        ~chainer.Variable: Resized image whose shape is
        :math:`(n, c_I, h_O, w_O)`.

    """
    return ResizeImages(output_shape, mode, align_corners).apply((x,))[0]
