"""Inverse complementary error function."""
import numpy

import chainer
from chainer.functions.math import _special
from chainer.functions.math._special import UnarySpecialFunction

#: Whether the CPU forward can run (it needs SciPy), as v7.
available_cpu = _special.scipy_available


class ErfcInv(UnarySpecialFunction):
    """Elementwise inverse complementary error function."""

    _label = 'erfcinv'
    _scipy_name = 'erfcinv'
    _gpu_expr = 'y = erfcinv(x)'
    _retain = ('y',)

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return -numpy.sqrt(numpy.pi) / 2.0 * chainer.functions.exp(y * y) * grad_outputs[0],


def erfcinv(x):
    """Inverse of the complementary error function, elementwise.

    Requires SciPy on CPU. Inputs outside ``[0, 2]`` give NaN.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0.5, 1.5], np.float32)
        >>> np.round(F.erfcinv(x).array, 4)
        array([ 0.4769, -0.4769], dtype=float32)
    """
    return ErfcInv().apply((x,))[0]
