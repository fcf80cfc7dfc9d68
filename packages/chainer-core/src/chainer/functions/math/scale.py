"""Elementwise product with Caffe-style broadcasting."""
from chainer.functions.math.bias import _broadcast_from


def scale(x, y, axis=1):
    """Multiplies ``x`` by ``y``, aligning the axes of ``y`` with ``x``'s from ``axis`` on.

    ``y.shape`` must broadcast to ``x.shape[axis:axis + y.ndim]``; ``y`` is repeated over the
    other axes of ``x`` (see :func:`~chainer.functions.bias`).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): The larger operand.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): The factors that are broadcast.
        axis (int): The axis of ``x`` matched with the first axis of ``y``.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.ones((2, 3, 2), np.float32)
        >>> y = np.array([1, 2, 3], np.float32)
        >>> F.scale(x, y).array[0]  # y is broadcast along axis 1
        array([[1., 1.],
               [2., 2.],
               [3., 3.]], dtype=float32)
    """
    return x * _broadcast_from(y, x.shape, axis)
