"""Logarithm of the absolute value of the gamma function."""
import chainer
from chainer.functions.math._special import UnarySpecialFunction


class LGamma(UnarySpecialFunction):
    """Elementwise ``log|Gamma(x)|``."""

    _label = 'lgamma'
    _scipy_name = 'gammaln'
    _gpu_expr = 'y = lgamma(x)'

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return chainer.functions.digamma(x) * grad_outputs[0],


def lgamma(x):
    """Elementwise logarithm of the absolute value of the gamma function.

    Requires SciPy on CPU.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable (float).

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.array([1, 3, 5], np.float32)
        >>> np.round(F.lgamma(x).array, 4)  # log((x - 1)!)
        array([0.    , 0.6931, 3.1781], dtype=float32)
    """
    return LGamma().apply((x,))[0]
