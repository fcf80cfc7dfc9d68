"""Broadcasted learnable bias (``Bias``)."""
import chainer
from chainer.functions.math import bias
from chainer import link


def _split_inputs(link_name, xs, held):
    """Returns ``(x, y)`` of a link that takes its second operand as an input unless it holds
    it (``held``, or ``None``)."""
    expected = 1 if held is not None else 2
    if len(xs) != expected:
        raise ValueError(
            '{}.forward takes {} input(s) ({}), got {}'.format(
                link_name, expected,
                'x; the link holds the parameter' if held is not None else
                'x and the parameter', len(xs)))
    if held is not None:
        return xs[0], held
    return xs


class Bias(link.Link):
    """Broadcasted addition of a learnable bias (wraps :func:`~chainer.functions.bias`).

    The bias is added to ``x`` along the axes ``axis, ..., axis + b.ndim - 1``.  Without a
    ``shape`` the link holds no parameter and the bias is its second input.

    Args:
        axis (int): First axis of ``x`` the bias is aligned with.
        shape (int or tuple of ints): Shape of the learnable bias (``None``: none).

    Attributes:
        b (~chainer.Parameter): The bias (initialized to 0; only when ``shape`` is given).
    """

    def __init__(self, axis=1, shape=None):
        super().__init__()
        if shape is not None:
            with self.init_scope():
                self.b = chainer.Parameter(0, shape)
        self.axis = axis

    def forward(self, *xs):
        """Returns ``x + b`` for ``forward(x)`` (held bias) or ``forward(x, b)``."""
        x, b = _split_inputs('Bias', xs, getattr(self, 'b', None))
        return bias.bias(x, b, self.axis)
