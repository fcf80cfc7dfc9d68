"""Depth-wise joining of variables: :func:`dstack`."""
from chainer.functions.array import _stacking


class Dstack(_stacking.JoinNode):
    """Joins the inputs along axis 2, after making them at least 3-D."""

    _join = 'dstack'

    def _axis(self, ndim):
        return 2, ndim >= 3


def dstack(xs):
    """Concatenates variables along the third axis (like :func:`numpy.dstack`).

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Inputs of one ``ndim`` and
            dtype. With ``ndim >= 3`` their shapes agree except on axis 2; lower-dimensional
            inputs must have identical shapes.

    Returns:
        ~chainer.Variable: For ``ndim >= 3``, the inputs joined along axis 2. Inputs of shape
        ``(M, N)``, ``(N,)`` and ``()`` give ``(M, N, len(xs))``, ``(1, N, len(xs))`` and
        ``(1, 1, len(xs))`` respectively.

    .. admonition:: Example

        >>> a = np.array([[1, 2], [3, 4]], np.float32)
        >>> b = np.array([[5, 6], [7, 8]], np.float32)
        >>> y = F.dstack((a, b))
        >>> y.shape
        (2, 2, 2)
        >>> y.array[:, :, 1]
        array([[5., 6.],
               [7., 8.]], dtype=float32)
    """
    return Dstack().apply(xs)[0]
