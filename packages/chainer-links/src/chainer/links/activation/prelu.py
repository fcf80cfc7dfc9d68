"""Parametric ReLU (``PReLU``)."""
import chainer
from chainer.functions.activation import prelu
from chainer import link


class PReLU(link.Link):
    """Parametric ReLU: ``max(x, 0) + W * min(x, 0)`` (wraps
    :func:`~chainer.functions.prelu`).

    Args:
        shape (tuple of ints): Shape of the slope ``W``, aligned with the axes of ``x``
            after the batch axis (``()``: one slope for all).
        init (float): Initial value of the slope.

    Attributes:
        W (~chainer.Parameter): The slope.
    """

    def __init__(self, shape=(), init=0.25):
        super().__init__()
        with self.init_scope():
            self.W = chainer.Parameter(init, shape)

    def forward(self, x):
        """Applies the parametric ReLU to ``x``."""
        return prelu.prelu(x, self.W)
