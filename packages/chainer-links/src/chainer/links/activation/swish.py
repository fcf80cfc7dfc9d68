"""Swish activation (``Swish``)."""
import chainer
from chainer.functions.activation import swish
from chainer import initializers
from chainer import link


class Swish(link.Link):
    """Swish activation: ``x * sigmoid(beta * x)`` with a learnable ``beta`` (wraps
    :func:`~chainer.functions.swish`).

    Args:
        beta_shape (tuple of ints or None): Shape of ``beta``, aligned with the axes of
            ``x`` after the batch axis; ``None`` takes ``x.shape[1:]`` at the first call.
        beta_init (float): Initial value of ``beta``.

    Attributes:
        beta (~chainer.Parameter): The parameter ``beta``.
    """

    def __init__(self, beta_shape, beta_init=1.0):
        super().__init__()
        with self.init_scope():
            self.beta = chainer.Parameter(initializers.Constant(beta_init), beta_shape)

    def forward(self, x):
        """Applies the Swish activation to ``x``."""
        if self.beta.array is None:
            self.beta.initialize(x.shape[1:])
        return swish.swish(x, self.beta)
