"""Logarithm of the normal cumulative distribution function."""
import math

import numpy

import chainer
from chainer.functions.math._special import UnarySpecialFunction

_SQRT_PI = math.sqrt(math.pi)


def _erfcx_asymptotic(z):
    # erfcx(z) ~ 1 / (z sqrt(pi)) * sum_k (-1)^k (2k - 1)!! / (2 z^2)^k, accurate for z > 14
    t = 1.0 / (2.0 * z * z)
    s = 1.0 - t * (1.0 - 3.0 * t * (1.0 - 5.0 * t * (1.0 - 7.0 * t * (1.0 - 9.0 * t))))
    return s / (z * _SQRT_PI)


def _slow_log_ndtr(x):
    if x > 0:
        return math.log1p(-0.5 * math.erfc(x / math.sqrt(2.0)))
    if x > -20:
        return math.log(0.5 * math.erfc(-x / math.sqrt(2.0)))
    z = -x / math.sqrt(2.0)
    return math.log(0.5 * _erfcx_asymptotic(z)) - z * z


class LogNdtr(UnarySpecialFunction):
    """Elementwise log of the standard normal cumulative distribution function."""

    _label = 'log_ndtr'
    _scipy_name = 'log_ndtr'
    _fallback = _slow_log_ndtr
    _gpu_expr = '''
        if (x > 0) {
            y = log1p(-normcdf(-x));
        } else {
            T z = -x * (T)M_SQRT1_2;
            y = log(erfcx(z) / 2) - z * z;
        }
    '''

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        # d/dx log ndtr(x) = pdf(x) / ndtr(x) = 1 / (sqrt(pi / 2) erfcx(-x / sqrt(2)))
        t = chainer.functions.erfcx(x * (-1.0 / numpy.sqrt(2.0)))
        return grad_outputs[0] / (numpy.sqrt(numpy.pi / 2.0) * t),


def log_ndtr(x):
    """``log(ndtr(x))`` of every element, accurate far into the lower tail.

    Uses SciPy on CPU when available (a slow pure-Python fallback is used otherwise); the
    gradient uses :func:`~chainer.functions.erfcx`, which requires SciPy on CPU.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([-20, 0], np.float32)
        >>> np.round(F.log_ndtr(x).array, 4)  # log of the standard normal CDF, stable in the tail
        array([-203.9172,   -0.6931], dtype=float32)
    """
    return LogNdtr().apply((x,))[0]
