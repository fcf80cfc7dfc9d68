"""Elementwise summation with Caffe-style broadcasting."""
import chainer


def _broadcast_from(y, x_shape, axis):
    F = chainer.functions
    y_shape = tuple(y.shape)
    if axis < 0:
        axis += len(x_shape)
    # As in v7, an axis of y of size 1 broadcasts too; a shape that does not fit makes
    # broadcast_to raise InvalidType.
    y1_shape = (1,) * axis + y_shape + (1,) * (len(x_shape) - axis - len(y_shape))
    if y1_shape != y_shape:
        y = F.reshape(y, y1_shape)
    if y1_shape != tuple(x_shape):
        y = F.broadcast_to(y, x_shape)
    return y


def bias(x, y, axis=1):
    """Adds ``y`` to ``x``, aligning the axes of ``y`` with ``x``'s from ``axis`` on.

    ``y.shape`` must broadcast to ``x.shape[axis:axis + y.ndim]``; ``y`` is repeated over the
    other axes of ``x``. E.g. ``x`` of shape ``(N, C, H, W)`` and ``y`` of shape ``(C, H)`` with
    ``axis=1`` add ``y[c, h]`` to every ``x[n, c, h, w]``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): The larger operand.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): The operand that is broadcast.
        axis (int): The axis of ``x`` matched with the first axis of ``y``.

    Returns:
        ~chainer.Variable: Output variable.

    .. admonition:: Example

        >>> x = np.zeros((2, 3, 2), np.float32)
        >>> b = np.array([1, 2, 3], np.float32)
        >>> y = F.bias(x, b)  # b is broadcast along axis 1
        >>> y.array[0]
        array([[1., 1.],
               [2., 2.],
               [3., 3.]], dtype=float32)
    """
    return x + _broadcast_from(y, x.shape, axis)
