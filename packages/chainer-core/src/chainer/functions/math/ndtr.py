"""Normal cumulative distribution function."""
import math

import numpy

import chainer
from chainer.functions.math._special import UnarySpecialFunction


def _slow_ndtr(x):
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


class Ndtr(UnarySpecialFunction):
    """Elementwise cumulative distribution function of the standard normal distribution."""

    _label = 'ndtr'
    _scipy_name = 'ndtr'
    _fallback = _slow_ndtr
    _gpu_expr = 'y = normcdf(x)'

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return (chainer.functions.exp(-0.5 * x * x) * (1.0 / numpy.sqrt(2.0 * numpy.pi))
                * grad_outputs[0]),


def ndtr(x):
    """Elementwise cumulative distribution function of the standard normal distribution.

    Uses SciPy on CPU when available (a slow pure-Python fallback is used otherwise).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.ndtr(x).array, 4)  # the standard normal CDF
        array([0.1587, 0.5   , 0.8413], dtype=float32)
    """
    return Ndtr().apply((x,))[0]
