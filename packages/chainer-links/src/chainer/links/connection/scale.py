"""Broadcasted learnable scaling (``Scale``)."""
import chainer
from chainer.functions.math import scale
from chainer import link
from chainer.links.connection import bias


class Scale(link.Chain):
    """Broadcasted multiplication by a learnable weight, with an optional bias (wraps
    :func:`~chainer.functions.scale`).

    ``x`` is multiplied along the axes ``axis, ..., axis + W.ndim - 1``.  Without a
    ``W_shape`` the link holds no weight and the scale is its second input.

    Args:
        axis (int): First axis of ``x`` the weight is aligned with.
        W_shape (int or tuple of ints): Shape of the learnable weight (``None``: none).
        bias_term (bool): Whether to add a learnable :class:`~chainer.links.Bias` after
            scaling (the child link ``bias``).
        bias_shape (int or tuple of ints): Shape of the bias when ``W_shape`` is ``None``
            (otherwise the bias has the shape of the weight).

    Attributes:
        W (~chainer.Parameter): The weight (initialized to 1; only with ``W_shape``).
        bias (~chainer.links.Bias): The bias link (only with ``bias_term``).
    """

    def __init__(self, axis=1, W_shape=None, bias_term=False, bias_shape=None):
        super().__init__()
        self.axis = axis
        with self.init_scope():
            if W_shape is not None:
                self.W = chainer.Parameter(1, W_shape)
            if bias_term:
                if W_shape is not None:
                    bias_shape = W_shape
                elif bias_shape is None:
                    raise ValueError('bias_shape should be given if W is not learnt '
                                     'parameter and bias_term is True.')
                self.bias = bias.Bias(axis, bias_shape)

    def forward(self, *xs):
        """Returns ``x * W`` (+ bias) for ``forward(x)`` (held weight) or ``forward(x, W)``."""
        x, W = bias._split_inputs('Scale', xs, getattr(self, 'W', None))
        z = scale.scale(x, W, self.axis)
        if hasattr(self, 'bias'):
            return self.bias(z)
        return z
