"""Horizontal (column-wise) joining of variables: :func:`hstack`."""
from chainer.functions.array import _stacking


class Hstack(_stacking.JoinNode):
    """Joins the inputs along axis 1, or along axis 0 for 1-D and 0-dim inputs."""

    _join = 'hstack'

    def _axis(self, ndim):
        return (1 if ndim >= 2 else 0), ndim >= 1


def hstack(xs):
    """Concatenates variables horizontally (like :func:`numpy.hstack`).

    Args:
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Inputs of one ``ndim`` and
            dtype. With ``ndim >= 2`` their shapes agree except on axis 1; 1-D inputs may
            have any lengths.

    Returns:
        ~chainer.Variable: For ``ndim >= 2``, the inputs joined along axis 1; for 1-D inputs
        their concatenation; for 0-dim inputs a vector of ``len(xs)`` elements.

    .. admonition:: Example

        >>> a = np.array([1, 2], np.float32)
        >>> b = np.array([3, 4, 5], np.float32)
        >>> F.hstack((a, b)).array
        array([1., 2., 3., 4., 5.], dtype=float32)
        >>> F.hstack((np.ones((2, 1), np.float32), np.zeros((2, 2), np.float32))).array
        array([[1., 0., 0.],
               [1., 0., 0.]], dtype=float32)
    """
    return Hstack().apply(xs)[0]
