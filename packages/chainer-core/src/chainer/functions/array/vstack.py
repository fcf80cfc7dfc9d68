"""Vertical (row-wise) joining of variables: :func:`vstack`."""
from chainer.functions.array import _stacking


class Vstack(_stacking.JoinNode):
    """Joins the inputs along axis 0, after making them at least 2-D."""

    _join = 'vstack'

    def _axis(self, ndim):
        return 0, ndim >= 2


def vstack(xs):
    """Concatenates variables vertically (like :func:`numpy.vstack`).

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Inputs of one ``ndim`` and
            dtype. With ``ndim >= 2`` their shapes agree except on axis 0; lower-dimensional
            inputs must have identical shapes.

    Returns:
        ~chainer.Variable: For ``ndim >= 2``, the inputs joined along axis 0; for 1-D inputs
        of length ``N`` a ``(len(xs), N)`` matrix (``(len(xs), 1)`` for 0-dim inputs).

    .. admonition:: Example

        >>> a = np.array([1, 2, 3], np.float32)
        >>> b = np.array([4, 5, 6], np.float32)
        >>> F.vstack((a, b)).array
        array([[1., 2., 3.],
               [4., 5., 6.]], dtype=float32)
    """
    return Vstack().apply(xs)[0]
