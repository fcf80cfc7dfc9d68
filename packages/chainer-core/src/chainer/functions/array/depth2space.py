"""Channel-to-spatial rearrangement for sub-pixel convolution: :func:`depth2space`."""
import chainer
from chainer import function_node
from chainer.utils import type_check


class Depth2Space(function_node.FunctionNode):
    """Moves ``r x r`` groups of channels into ``r x r`` spatial blocks."""

    def __init__(self, r):
        self.r = r

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)

    def forward(self, inputs):
        x, = inputs
        r = self.r
        n, channels, h, w = x.shape
        if channels % (r * r):  # a ValueError, as v7 (not InvalidType)
            raise ValueError('depth2space: the channels of x ({}) are not a multiple of '
                             'r * r = {}'.format(channels, r * r))
        c = channels // (r * r)
        # channel index (p * r + q) * c + k goes to pixel (i * r + p, j * r + q) of map k
        blocks = x.reshape(n, r, r, c, h, w)       # (n, p, q, k, i, j)
        y = blocks.transpose(0, 3, 4, 1, 5, 2)     # (n, k, i, p, j, q)
        return y.reshape(n, c, h * r, w * r),

    def backward(self, indexes, grad_outputs):
        return chainer.functions.space2depth(grad_outputs[0], self.r),


def depth2space(X, r):
    """Rearranges channels into spatial blocks (sub-pixel upscaling).

    Element ``y[n, k, i * r + p, j * r + q]`` of the output is
    ``X[n, (p * r + q) * c + k, i, j]``. See https://arxiv.org/abs/1609.05158.

    Args:
        X (:class:`~chainer.Variable` or :ref:`ndarray`): Input of shape
            ``(n, c * r * r, h, w)``.
        r (int): The upscaling factor.

    Returns:
        ~chainer.Variable: Output of shape ``(n, c, h * r, w * r)``.

    .. seealso:: :func:`space2depth`, its inverse.

    .. admonition:: Example

        >>> x = np.arange(8, dtype=np.float32).reshape(1, 4, 1, 2)
        >>> y = F.depth2space(x, r=2)
        >>> y.shape
        (1, 1, 2, 4)
        >>> y.array[0, 0]
        array([[0., 2., 1., 3.],
               [4., 6., 5., 7.]], dtype=float32)
    """
    return Depth2Space(r).apply((X,))[0]
