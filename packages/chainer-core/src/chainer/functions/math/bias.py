"""Elementwise summation with Caffe-style broadcasting."""
import chainer


def _broadcast_from(y, x_shape, axis):
    F = chainer.functions
    y_shape = tuple(y.shape)
    if axis < 0:
        axis += len(x_shape)
    if tuple(x_shape[axis:axis + len(y_shape)]) != y_shape:
        raise ValueError(
            'shape of y {} does not match x.shape[{}:{}] of x {}'.format(
                y_shape, axis, axis + len(y_shape), tuple(x_shape)))
    y1_shape = (1,) * axis + y_shape + (1,) * (len(x_shape) - axis - len(y_shape))
    if y1_shape != y_shape:
        y = F.reshape(y, y1_shape)
    if y1_shape != tuple(x_shape):
        y = F.broadcast_to(y, x_shape)
    return y


def bias(x, y, axis=1):
    """Elementwise summation with broadcasting.

    Computes an elementwise summation of two input variables, with the shape of the latter
    variable broadcasted to match the shape of the former. ``axis`` is the first axis of the
    first variable along which the second variable is applied. For example, with ``x`` of
    shape ``(100, 3, 40, 60)``, ``y`` of shape ``(3, 40)`` and ``axis=1``, ``y`` is treated
    as ``(1, 3, 40, 1)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable to be summed.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable to sum, broadcasted.
        axis (int): The first axis of ``x`` along which ``y`` is applied.

    Returns:
        ~chainer.Variable: Output variable.
    """
    return x + _broadcast_from(y, x.shape, axis)
