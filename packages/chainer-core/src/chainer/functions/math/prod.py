"""Product of array elements over given axes."""
import numpy

import chainer
from chainer import backend, function_node, utils
from chainer.functions.math import _reduction
from chainer.functions.math.cumprod import _shift, cumprod
from chainer.functions.math.cumsum import _flip
from chainer.utils import type_check


class Prod(function_node.FunctionNode):
    """Product of array elements over given axes."""

    def __init__(self, axis=None, keepdims=False):
        self.axis = _reduction.normalize_axis(axis)
        self.keepdims = keepdims

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        type_check.expect(in_types[0].dtype.kind == 'f')
        _reduction.expect_axis(in_types[0], self.axis)

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        xp = backend.get_array_module(x)
        return utils.force_array(
            xp.prod(x, axis=self.axis, keepdims=self.keepdims, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        shape = x.shape
        kshape = _reduction.keepdims_shape(shape, self.axis)
        if gy.shape != kshape:
            gy = F.reshape(gy, kshape)
        gy = F.broadcast_to(gy, shape)
        if x.ndim == 0:
            return gy,

        # d prod / d x_k is the product of all the other elements; it is computed as the
        # product of exclusive cumulative products from both ends (safe for zeros).
        axes = _reduction.canonical_axes(self.axis, x.ndim)
        kept = tuple(a for a in range(x.ndim) if a not in axes)
        perm = axes + kept
        xt = F.transpose(x, perm) if perm != tuple(range(x.ndim)) else x
        t_shape = xt.shape
        n = _reduction.reduced_size(shape, self.axis)
        xt = F.reshape(xt, (n,) + tuple(shape[a] for a in kept))
        left = cumprod(_shift(xt, 0, 1), 0)
        right = _flip(cumprod(_shift(_flip(xt, 0), 0, 1), 0), 0)
        gx = F.reshape(left * right, t_shape)
        if perm != tuple(range(x.ndim)):
            gx = F.transpose(gx, tuple(int(i) for i in numpy.argsort(perm)))
        return gx * gy,


def prod(x, axis=None, keepdims=False):
    """Multiplies the elements of a variable over some axes.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input (float).
        axis (None, int, or tuple of int): The reduced axes; ``None`` (default) reduces all.
        keepdims (bool): Keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([[1, 2, 3], [4, 5, 6]], np.float32)
        >>> F.prod(x).array
        array(720., dtype=float32)
        >>> F.prod(x, axis=1).array
        array([  6., 120.], dtype=float32)
    """
    return Prod(axis, keepdims).apply((x,))[0]
