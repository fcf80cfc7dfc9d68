"""Flattening of a variable: :func:`flatten`."""
from chainer.functions.array import reshape


def flatten(x):
    """Reshapes ``x`` into one dimension.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of any shape (a 0-dim input
            becomes a vector of length one).

    Returns:
        ~chainer.Variable: A 1-D variable holding the ``x.size`` elements in C order.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> F.flatten(x).array
        array([0., 1., 2., 3., 4., 5.], dtype=float32)
    """
    return reshape.reshape(x, (x.size,))
