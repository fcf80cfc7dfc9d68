"""Inverse error function."""
import numpy

import chainer
from chainer.functions.math import _special
from chainer.functions.math._special import UnarySpecialFunction

#: Whether the CPU forward can run (it needs SciPy), as v7.
available_cpu = _special.scipy_available


class ErfInv(UnarySpecialFunction):
    """Elementwise inverse error function."""

    _label = 'erfinv'
    _scipy_name = 'erfinv'
    _gpu_expr = 'y = erfinv(x)'
    _retain = ('y',)

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return numpy.sqrt(numpy.pi) / 2.0 * chainer.functions.exp(y * y) * grad_outputs[0],


def erfinv(x):
    """Inverse of the error function, elementwise.

    Requires SciPy on CPU. Inputs outside ``[-1, 1]`` give NaN.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-0.5, 0, 0.5], np.float32)
        >>> np.round(F.erfinv(x).array, 4)
        array([-0.4769,  0.    ,  0.4769], dtype=float32)
    """
    return ErfInv().apply((x,))[0]
