"""Elementwise product with Caffe-style broadcasting."""
from chainer.functions.math.bias import _broadcast_from


def scale(x, y, axis=1):
    """Elementwise product with broadcasting.

    Computes an elementwise product of two input variables, with the shape of the latter
    variable broadcasted to match the shape of the former. ``axis`` is the first axis of the
    first variable along which the second variable is applied. For example, with ``x`` of
    shape ``(100, 3, 40, 60)``, ``y`` of shape ``(3, 40)`` and ``axis=1``, ``y`` is treated
    as ``(1, 3, 40, 1)``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable to be scaled.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable to scale, broadcasted.
        axis (int): The first axis of ``x`` along which ``y`` is applied.

    Returns:
        ~chainer.Variable: Output variable.
    """
    return x * _broadcast_from(y, x.shape, axis)
