"""Scaled complementary error function."""
import numpy

from chainer.functions.math import _special
from chainer.functions.math._special import UnarySpecialFunction

#: Whether the CPU forward can run (it needs SciPy), as v7.
available_cpu = _special.scipy_available


class Erfcx(UnarySpecialFunction):
    """Elementwise scaled complementary error function ``exp(x^2) erfc(x)``."""

    _label = 'erfcx'
    _scipy_name = 'erfcx'
    _gpu_expr = 'y = erfcx(x)'
    _retain = ('x', 'y')

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return (2.0 * x * y - 2.0 / numpy.sqrt(numpy.pi)) * grad_outputs[0],


def erfcx(x):
    """Scaled complementary error function of every element, :math:`e^{x^2} \\mathrm{erfc}(x)`.

    Requires SciPy on CPU.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0, 1, 10], np.float32)
        >>> np.round(F.erfcx(x).array, 4)  # exp(x ** 2) * erfc(x) without overflow
        array([1.    , 0.4276, 0.0561], dtype=float32)
    """
    return Erfcx().apply((x,))[0]
