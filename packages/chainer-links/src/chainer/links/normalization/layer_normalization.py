"""Layer normalization layer (``LayerNormalization``)."""
from chainer.functions.normalization import layer_normalization
from chainer import link
from chainer.links import _parameters


class LayerNormalization(link.Link):
    """Layer normalization layer: each sample of a ``(batch, units)`` input is normalized
    over its units, then scaled and shifted (wraps
    :func:`~chainer.functions.layer_normalization`).

    Args:
        size (int or None): Number of units (``None``: decided at the first call).
        eps (float): Epsilon added to the variance.
        initial_gamma: Initializer of the scale ``gamma`` (1 by default).
        initial_beta: Initializer of the shift ``beta`` (0 by default).

    Attributes:
        gamma (~chainer.Parameter): ``(size,)`` scale.
        beta (~chainer.Parameter): ``(size,)`` shift.
        eps (float): Epsilon of the variance.
    """

    def __init__(self, size=None, eps=1e-6, initial_gamma=None, initial_beta=None):
        super().__init__()
        with self.init_scope():
            self.gamma, self.beta = _parameters.scale_and_shift(
                initial_gamma, initial_beta, size)
        self.eps = eps

    def forward(self, x):
        """Normalizes ``x`` of shape ``(batch, units)``."""
        if self.gamma.array is None:
            self.gamma.initialize(x.shape[1])
            self.beta.initialize(x.shape[1])
        return layer_normalization.layer_normalization(x, self.gamma, self.beta, self.eps)
