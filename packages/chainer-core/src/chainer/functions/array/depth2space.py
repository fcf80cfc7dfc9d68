import chainer
from chainer import backend
from chainer import function_node
from chainer.utils import type_check


class Depth2Space(function_node.FunctionNode):

    """Depth to space transformation."""

    def __init__(self, r):
        self.r = r

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('X',))
        type_check.expect(
            in_types[0].dtype.kind == 'f',
            in_types[0].ndim == 4,
        )
        type_check.expect(in_types[0].shape[1] % (self.r * self.r) == 0)

    def forward(self, inputs):
        X, = inputs
        xp = backend.get_array_module(X)
        r = self.r
        bsize, c, a, b = X.shape
        c //= r * r
        X = xp.reshape(X, (bsize, r, r, c, a, b))
        X = xp.transpose(X, (0, 3, 4, 1, 5, 2))
        X = xp.reshape(X, (bsize, c, a * r, b * r))
        return X,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return chainer.functions.space2depth(gy, self.r),


def depth2space(X, r):
    """Computes the depth2space transformation for subpixel calculations.

    Args:
        X (:class:`~chainer.Variable` or :ref:`ndarray`): Variable holding a
            4d array of shape ``(batch, channel * r * r, dim1, dim2)``.
        r (int): the upscaling factor.

    Returns:
        ~chainer.Variable:
            A variable holding the upscaled array from interspersed depth
            layers. The shape is ``(batch, channel, dim1 * r, dim2 * r)``.
            Element ``y[n, c, i * r + p, j * r + q]`` is taken from
            ``X[n, (p * r + q) * channel + c, i, j]``.

    .. note::
       This can be used to compute super-resolution transformations.
       See https://arxiv.org/abs/1609.05158 for details.

    .. seealso:: :func:`space2depth`

    """
    return Depth2Space(r).apply((X,))[0]
