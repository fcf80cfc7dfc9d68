import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Space2Depth(function_node.FunctionNode):

    """Space to depth transformation."""

    def __init__(self, r):
        self.r = r

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('X',))
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[0].ndim == 4,
        )
        type_check.expect(
            in_types[0].shape[2] % self.r == 0,
            in_types[0].shape[3] % self.r == 0,
        )

    def forward(self, inputs):
        X, = inputs
        xp = backend.get_array_module(X)
        r = self.r
        bsize, c, a, b = X.shape
        a //= r
        b //= r
        X = xp.reshape(X, (bsize, c, a, r, b, r))
        X = xp.transpose(X, (0, 3, 5, 1, 2, 4))
        X = xp.reshape(X, (bsize, r * r * c, a, b))
        return X,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return chainer.functions.depth2space(gy, self.r),


def space2depth(X, r):
    """Computes the space2depth transformation for subpixel calculations.

    Args:
        X (:class:`~chainer.Variable` or :ref:`ndarray`): Variable holding a
            4d array of shape ``(batch, channel, dim1 * r, dim2 * r)``.
        r (int): the downscaling factor.

    Returns:
        ~chainer.Variable:
            A variable holding the downscaled layer array from subpixel array
            sampling. The shape is ``(batch, channel * r * r, dim1, dim2)``.
            It is the inverse of :func:`depth2space`.

    .. note::
       This can be used to compute inverse super-resolution transformations.
       See https://arxiv.org/abs/1609.05158 for details.

    .. seealso:: :func:`depth2space`

    """
    return Space2Depth(r).apply((X,))[0]
