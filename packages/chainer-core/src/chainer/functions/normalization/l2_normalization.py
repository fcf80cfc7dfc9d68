"""L2 normalization along axes."""
import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class NormalizeL2(function_node.FunctionNode):
    """L2 normalization: ``y = x / (||x||_2 + eps)`` with the norm along ``axis``."""

    def __init__(self, eps=1e-5, axis=1):
        self.eps = eps
        if isinstance(axis, (int, numpy.integer)):
            axis = (int(axis),)
        self.axis = axis

    @property
    def label(self):
        return 'NormalizeL2'

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')
        if self.axis is not None:
            for i in self.axis:
                type_check.expect(-x_type.ndim <= i, i < x_type.ndim)

    def _norm(self, x):
        xp = backend.get_array_module(x)
        norm = xp.sqrt(xp.sum(xp.square(x), axis=self.axis, keepdims=True))
        return norm

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        norm = self._norm(x)
        norm += x.dtype.type(self.eps)
        return utils.force_array(x / norm, x.dtype),

    def backward(self, indexes, grad_outputs):
        F = chainer.functions
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        xp = backend.get_array_module(x.array)
        sq = F.sum(F.square(x), axis=self.axis, keepdims=True)
        # Zero vectors: the norm is not differentiable there; use norm = 0 (constant) and
        # avoid 0 / 0 and the infinite slope of sqrt, so that double backprop stays finite.
        zero = sq.array == 0
        if zero.any():
            norm_noeps = F.sqrt(F.where(zero, xp.ones_like(sq.array), sq))
            norm = F.where(zero, xp.zeros_like(sq.array), norm_noeps)
        else:
            norm_noeps = norm = F.sqrt(sq)
        norm = norm + x.dtype.type(self.eps)
        x_gy = F.sum(x * gy, axis=self.axis, keepdims=True)
        gx = (gy - x * x_gy / (norm_noeps * norm)) / norm
        return gx,

    def _backward_arrays(self, indexes, grad_outputs):
        gy, = grad_outputs
        x = self.inputs[0].data
        xp = backend.get_array_module(x)
        norm_noeps = self._norm(x)
        norm = norm_noeps + x.dtype.type(self.eps)
        x_gy = xp.sum(x * gy, axis=self.axis, keepdims=True)
        norm_noeps[norm_noeps == 0] = 1
        gx = x * (x_gy / (norm_noeps * norm))
        xp.subtract(gy, gx, out=gx)
        gx /= norm
        return utils.force_array(gx, x.dtype),


def normalize(x, eps=1e-5, axis=1):
    """Normalizes ``x`` by its L2 norm along ``axis``: ``y = x / (||x||_2 + eps)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        eps (float): Added to the norm to avoid division by zero.
        axis (int or tuple of ints): Axis (axes) along which the norm is computed.

    Returns:
        ~chainer.Variable: Output of the same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([[3, 4], [0, 5]], np.float32)
        >>> np.round(F.normalize(x).array, 4)  # unit L2 norm along axis 1
        array([[0.6, 0.8],
               [0. , 1. ]], dtype=float32)
    """
    return NormalizeL2(eps, axis).apply((x,))[0]
