"""Left/right reversal of a variable: :func:`fliplr`."""
from chainer.functions.array import flip as _flip
from chainer.utils import type_check


class FlipLR(_flip.Flip):
    """Reverses the columns (axis 1) of an array with two or more axes."""

    def __init__(self):
        super().__init__(1)

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('a',))
        type_check.expect(in_types[0].dtype.kind == 'f')  # (v7; F.flip takes any dtype)
        type_check.expect(in_types[0].ndim >= 2)


def fliplr(a):
    """Reverses a variable in the left/right direction (along axis 1).

    Args:
        a (:class:`~chainer.Variable` or :ref:`ndarray`): Input with ``ndim >= 2``.

    Returns:
        ~chainer.Variable: ``a[:, ::-1]``.

    .. admonition:: Example

        >>> x = np.arange(6, dtype=np.float32).reshape(2, 3)
        >>> F.fliplr(x).array
        array([[2., 1., 0.],
               [5., 4., 3.]], dtype=float32)
    """
    return FlipLR().apply((a,))[0]
