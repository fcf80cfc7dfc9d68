"""Exponential and logarithm functions: exp, log, log2, log10."""
import numpy

import chainerx
from chainer import backend, function_node, utils
from chainer.functions._helpers import grad_ops
from chainer.functions.math._elementwise import check_float


_INV_LOG2 = 1.0 / numpy.log(2.0)
_INV_LOG10 = 1.0 / numpy.log(10.0)


def _exp_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """``d exp(x) = exp(x) dx``: the retained output times ``gy``."""
    y, = ops.retained_outputs(node)
    return y * grad_outputs[0],


def _log_backward(node, indexes, grad_outputs, ops=grad_ops.ARRAYS):
    """``d log_b(x) = dx / (x log b)``: ``gy / x`` times the node's ``_scale`` (1 / log b)."""
    x, = ops.retained_inputs(node)
    gx = grad_outputs[0] / x
    if node._scale is not None:
        gx = gx * x.dtype.type(node._scale)
    return gx,


class Exp(function_node.FunctionNode):
    """Elementwise exponential function."""

    @property
    def label(self):
        return 'exp'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_outputs((0,))
        return utils.force_array(xp.exp(x)),

    def forward_chainerx(self, inputs):
        return chainerx.exp(inputs[0]),

    def backward(self, indexes, grad_outputs):
        return _exp_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _exp_backward


class Log(function_node.FunctionNode):
    """Elementwise natural logarithm."""

    _scale = None  # the factor 1 / log(base) of the gradient

    @property
    def label(self):
        return 'log'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.log(x)),

    def forward_chainerx(self, inputs):
        return chainerx.log(inputs[0]),

    def backward(self, indexes, grad_outputs):
        return _log_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _log_backward


class Log2(function_node.FunctionNode):
    """Elementwise base-2 logarithm."""

    _scale = _INV_LOG2

    @property
    def label(self):
        return 'log2'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.log2(x)),

    def backward(self, indexes, grad_outputs):
        return _log_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _log_backward


class Log10(function_node.FunctionNode):
    """Elementwise base-10 logarithm."""

    _scale = _INV_LOG10

    @property
    def label(self):
        return 'log10'

    def check_type_forward(self, in_types):
        check_float(in_types)

    def forward(self, inputs):
        x, = inputs
        xp = backend.get_array_module(x)
        self.retain_inputs((0,))
        return utils.force_array(xp.log10(x)),

    def backward(self, indexes, grad_outputs):
        return _log_backward(self, indexes, grad_outputs, grad_ops.VARIABLES)

    _backward_arrays = _log_backward


def exp(x):
    """Exponential ``e ** x`` of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0, 1, 2], np.float32)
        >>> np.round(F.exp(x).array, 4)
        array([1.    , 2.7183, 7.3891], dtype=float32)
    """
    return Exp().apply((x,))[0]


def log(x):
    """Natural logarithm of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([1, np.e, 10], np.float32)
        >>> np.round(F.log(x).array, 4)
        array([0.    , 1.    , 2.3026], dtype=float32)
    """
    return Log().apply((x,))[0]


def log2(x):
    """Base-2 logarithm of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([1, 2, 8], np.float32)
        >>> np.round(F.log2(x).array, 4)
        array([0., 1., 3.], dtype=float32)
    """
    return Log2().apply((x,))[0]


def log10(x):
    """Base-10 logarithm of every element.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([1, 10, 1000], np.float32)
        >>> np.round(F.log10(x).array, 4)
        array([0., 1., 3.], dtype=float32)
    """
    return Log10().apply((x,))[0]

