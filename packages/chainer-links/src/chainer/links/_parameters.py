"""Parameter construction shared by the links: weights with lazy shapes, optional biases,
the scale and shift of normalization layers."""
import chainer
from chainer import initializers


def bias_parameter(nobias, initial_bias, shape):
    """Returns the bias parameter of a link, or ``None`` when ``nobias`` is set.

    Args:
        nobias (bool): Whether the link has no bias.
        initial_bias: Initializer argument of the bias (``None`` means 0).
        shape (int, tuple of ints or None): Shape of the bias (``None``: decided later).
    """
    if nobias:
        return None
    if initial_bias is None:
        initial_bias = 0
    return chainer.Parameter(initializers._get_initializer(initial_bias), shape)


def weight_parameter(initialW, shape=None, default=None):
    """Returns a weight parameter filled by ``initialW`` (``default`` when it is ``None``).

    Args:
        initialW: Initializer argument (initializer, array, scalar or ``None``).
        shape (int, tuple of ints or None): Shape of the weight (``None``: decided later).
        default: Initializer used when ``initialW`` is ``None`` (``LeCunNormal`` when
            ``None``).
    """
    if initialW is None and default is not None:
        initialW = default
    return chainer.Parameter(initializers._get_initializer(initialW), shape)


def scale_and_shift(initial_gamma, initial_beta, size, dtype=None):
    """The ``gamma`` (1 by default) and ``beta`` (0 by default) parameters of a
    normalization layer, of shape ``size`` (``None``: decided later).

    ``dtype``, when given, is set as the dtype of both initializers (objects given are
    updated in place, as v7 does) before the parameters are made."""
    gamma_init = initializers._get_initializer(1 if initial_gamma is None else initial_gamma)
    beta_init = initializers._get_initializer(0 if initial_beta is None else initial_beta)
    if dtype is not None:
        gamma_init.dtype = beta_init.dtype = dtype
    return chainer.Parameter(gamma_init, size), chainer.Parameter(beta_init, size)
