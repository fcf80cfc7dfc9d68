"""Digamma function."""
import numpy

import chainer
from chainer import backend
from chainer.functions.math._special import UnarySpecialFunction


class DiGamma(UnarySpecialFunction):
    """Elementwise digamma function (derivative of ``lgamma``)."""

    _label = 'digamma'
    _scipy_name = 'digamma'
    _cupyx_name = 'digamma'

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        one = backend.get_array_module(x).ones((), dtype=numpy.int32)
        return chainer.functions.polygamma(one, x) * grad_outputs[0],


def digamma(x):
    """Elementwise digamma function, the logarithmic derivative of the gamma function.

    Requires SciPy on CPU.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([1, 2], np.float32)
        >>> np.round(F.digamma(x).array, 4)  # -(Euler's constant) and 1 - (Euler's constant)
        array([-0.5772,  0.4228], dtype=float32)
    """
    return DiGamma().apply((x,))[0]
