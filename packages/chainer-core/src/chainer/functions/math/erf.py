"""Error function."""
import math

import numpy

import chainer
from chainer.functions.math._special import UnarySpecialFunction


class Erf(UnarySpecialFunction):
    """Elementwise error function."""

    _label = 'erf'
    _scipy_name = 'erf'
    _fallback = math.erf
    _gpu_expr = 'y = erf(x)'

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2.0 / numpy.sqrt(numpy.pi) * chainer.functions.exp(-x * x) * grad_outputs[0],


def erf(x):
    """Error function of every element, :math:`\\frac{2}{\\sqrt{\\pi}} \\int_0^x e^{-t^2} dt`.

    Uses SciPy on CPU when available (a slow pure-Python fallback is used otherwise).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.erf(x).array, 4)
        array([-0.8427,  0.    ,  0.8427], dtype=float32)
    """
    return Erf().apply((x,))[0]
