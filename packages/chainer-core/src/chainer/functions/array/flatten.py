"""Flattening of a variable: :func:`flatten`."""
from chainer.functions.array import reshape


def flatten(x):
    """Reshapes ``x`` into one dimension.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of any shape (a 0-dim input
            becomes a vector of length one).

    Returns:
        ~chainer.Variable: A 1-D variable holding the ``x.size`` elements in C order.
    """
    return reshape.reshape(x, (x.size,))
