"""Complementary error function."""
import math

import numpy

import chainer
from chainer.functions.math._special import UnarySpecialFunction


class Erfc(UnarySpecialFunction):
    """Elementwise complementary error function."""

    _label = 'erfc'
    _scipy_name = 'erfc'
    _fallback = math.erfc
    _gpu_expr = 'y = erfc(x)'

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return -2.0 / numpy.sqrt(numpy.pi) * chainer.functions.exp(-x * x) * grad_outputs[0],


def erfc(x):
    """Complementary error function of every element, :math:`1 - \\mathrm{erf}(x)`.

    Uses SciPy on CPU when available (a slow pure-Python fallback is used otherwise).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.erfc(x).array, 4)
        array([1.8427, 1.    , 0.1573], dtype=float32)
    """
    return Erfc().apply((x,))[0]
