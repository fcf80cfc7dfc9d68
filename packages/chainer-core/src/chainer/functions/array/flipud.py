"""Up/down reversal of a variable: :func:`flipud`."""
from chainer.functions.array import flip as _flip
from chainer.utils import type_check


class FlipUD(_flip.Flip):
    """Reverses the rows (axis 0) of an array with one or more axes."""

    def __init__(self):
        super().__init__(0)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a',))
        type_check.expect(in_types[0].dtype.kind == 'f')  # (v7; F.flip takes any dtype)
        type_check.expect(in_types[0].ndim >= 1)


def flipud(a):
    """Reverses a variable in the up/down direction (along axis 0).

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input with ``ndim >= 1``.

    Returns:
        ~chainer.Variable: ``a[::-1]``.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> F.flipud(x).array
        array([[3., 4., 5.],
               [0., 1., 2.]], dtype=float32)
    """
    return FlipUD().apply((a,))[0]
