"""Scaled exponential linear unit."""
from chainer.functions.activation import elu


def selu(x,
         alpha=1.6732632423543772848170429916717,
         scale=1.0507009873554804934193349852946):
    """Scaled Exponential Linear Unit function ``scale * elu(x, alpha)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        alpha (float): Parameter alpha of the ELU.
        scale (float): Output scale.

    Returns:
        ~chainer.Variable: Output variable, same shape and dtype as ``x``.

    .. admonition:: Example

        >>> x = np.array([-1, 0, 1], np.float32)
        >>> np.round(F.selu(x).array, 4)
        array([-1.1113,  0.    ,  1.0507], dtype=float32)
    """
    return scale * elu.elu(x, alpha=alpha)
