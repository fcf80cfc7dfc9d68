"""Spatial-to-channel rearrangement: :func:`space2depth`."""
import chainer
from chainer import function_node
from chainer.utils import type_check


class Space2Depth(function_node.FunctionNode):
    """Moves ``r x r`` spatial blocks into ``r x r`` groups of channels."""

    def __init__(self, r):
        self.r = r

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)

    def forward(self, inputs):
        x, = inputs
        r = self.r
        n, c, height, width = x.shape
        if height % r or width % r:  # a ValueError, as v7 (not InvalidType)
            raise ValueError('space2depth: the height and width of x ({}, {}) are not '
                             'multiples of r = {}'.format(height, width, r))
        h = height // r
        w = width // r
        # pixel (i * r + p, j * r + q) of map k goes to channel (p * r + q) * c + k
        blocks = x.reshape(n, c, h, r, w, r)       # (n, k, i, p, j, q)
        y = blocks.transpose(0, 3, 5, 1, 2, 4)     # (n, p, q, k, i, j)
        return y.reshape(n, r * r * c, h, w),

    def backward(self, indexes, grad_outputs):
        return chainer.functions.depth2space(grad_outputs[0], self.r),


def space2depth(X, r):
    """Rearranges spatial blocks into channels (the inverse of :func:`depth2space`).

    Element ``y[n, (p * r + q) * c + k, i, j]`` of the output is
    ``X[n, k, i * r + p, j * r + q]``.

    Args:
        X (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape
            ``(n, c, h * r, w * r)``.
        r (int): The downscaling factor.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c * r * r, h, w)``.

    .. admonition:: Example

        >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
        >>> y = F.space2depth(x, r=2)
        >>> y.shape
        (1, 4, 2, 2)
        >>> y.array[0, :, 0, 0]
        array([0., 1., 4., 5.], dtype=float32)
    """
    return Space2Depth(r).apply((X,))[0]
