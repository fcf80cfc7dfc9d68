"""Inverse of the normal cumulative distribution function."""
import numpy

import chainer
from chainer.functions.math import _special
from chainer.functions.math._special import UnarySpecialFunction

#: Whether the CPU forward can run (it needs SciPy), as v7.
available_cpu = _special.scipy_available


class Ndtri(UnarySpecialFunction):
    """Elementwise inverse of :func:`~chainer.functions.ndtr`."""

    _label = 'ndtri'
    _scipy_name = 'ndtri'
    _gpu_expr = 'y = normcdfinv(x)'
    _retain = ('y',)

    def backward(self, indexes, grad_outputs):
        y, = self.get_retained_outputs()
        return (numpy.sqrt(2.0 * numpy.pi) * chainer.functions.exp(0.5 * y * y)
                * grad_outputs[0]),


def ndtri(x):
    """Elementwise inverse of the standard normal cumulative distribution function.

    Requires SciPy on CPU. Inputs outside ``[0, 1]`` give NaN.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([0.1, 0.5, 0.975], np.float32)
        >>> np.round(F.ndtri(x).array, 4)  # the inverse of ndtr
        array([-1.2816,  0.    ,  1.96  ], dtype=float32)
    """
    return Ndtri().apply((x,))[0]
