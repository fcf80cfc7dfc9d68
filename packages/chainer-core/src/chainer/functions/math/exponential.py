"""Exponential and logarithm functions: exp, log, log2, log10."""
import numpy

import chainerx
from chainer import backend, function_node, utils
from chainer.functions.math._elementwise import check_float

_INV_LOG2 = 1.0 / numpy.log(2.0)
_INV_LOG10 = 1.0 / numpy.log(10.0)


def _scaled_reciprocal(x, gy, scale):
    # ``gy / x * scale`` on arrays, with ``scale`` cast to the dtype as ``MulConstant`` does
    gx = gy / x
    return gx * utils.force_type(gx.dtype, scale)


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
        y, = self.get_retained_outputs()
        return y * grad_outputs[0],

    def _backward_arrays(self, indexes, grad_outputs):
        return self.output_data[0] * grad_outputs[0],


class Log(function_node.FunctionNode):
    """Elementwise natural logarithm."""

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
        x, = self.get_retained_inputs()
        return grad_outputs[0] / x,

    def _backward_arrays(self, indexes, grad_outputs):
        return grad_outputs[0] / self.inputs[0].data,


class Log2(function_node.FunctionNode):
    """Elementwise base-2 logarithm."""

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
        x, = self.get_retained_inputs()
        return grad_outputs[0] / x * _INV_LOG2,

    def _backward_arrays(self, indexes, grad_outputs):
        return _scaled_reciprocal(self.inputs[0].data, grad_outputs[0], _INV_LOG2),


class Log10(function_node.FunctionNode):
    """Elementwise base-10 logarithm."""

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
        x, = self.get_retained_inputs()
        return grad_outputs[0] / x * _INV_LOG10,

    def _backward_arrays(self, indexes, grad_outputs):
        return _scaled_reciprocal(self.inputs[0].data, grad_outputs[0], _INV_LOG10),


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

