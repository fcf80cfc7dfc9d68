"""Elementwise square root and reciprocal square root."""
import numpy

from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_float


def _sqrt_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """``d sqrt(x) = dx / (2 y)`` from the retained output ``y``."""
    y, = ops.retained_outputs(node)
    return grad_outputs[0] / (y.dtype.type(2) * y),


class Sqrt(function_node.FunctionNode):
    """Elementwise square root."""

    @property
    def label(self):
        return 'sqrt'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_outputs((0,))
        return utils.force_array(xp.sqrt(x, dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        return _sqrt_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _sqrt_backward


class RsqrtGPU(function_node.FunctionNode):
    """Elementwise reciprocal square root computed in one kernel (used for CuPy arrays)."""

    @property
    def label(self):
        return 'rsqrt'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward_gpu(self, inputs):
        from chainer.backends import cuda
        x, = inputs
        self.retain_outputs((0,))
        y = cuda.elementwise(
            'T x', 'T y', 'y = rsqrt(x)', 'chainer_rsqrt')(x)
        return y,

    def forward_cpu(self, inputs):
        x, = inputs
        self.retain_outputs((0,))
        return utils.force_array(numpy.reciprocal(numpy.sqrt(x)), x.dtype),

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return -0.5 * y * y * y * grad_outputs[0],


def sqrt(x):
    """Square root of every element.

    Negative inputs give NaN (NumPy/CuPy semantics).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0, 4, 9], np.float32)
        >>> F.sqrt(x).array
        array([0., 2., 3.], dtype=float32)
    """
    return Sqrt().apply((x,))[0]


def rsqrt(x):
    """``1 / sqrt(x)`` of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([1, 4, 16], np.float32)
        >>> F.rsqrt(x).array
        array([1.  , 0.5 , 0.25], dtype=float32)
    """
    xp = backend.get_array_module(x)
    if xp is numpy:
        return 1.0 / sqrt(x)
    return RsqrtGPU().apply((x,))[0]
