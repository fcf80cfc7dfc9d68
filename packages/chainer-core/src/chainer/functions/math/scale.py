"""Elementwise product with Caffe-style broadcasting."""
from chainer.functions.math.bias import _broadcast_from


def scale(x, y, axis=1):
    """Multiplies ``x`` by ``y``, aligning the axes of ``y`` with ``x``'s from ``axis`` on.

    ``y.shape`` must equal ``x.shape[axis:axis + y.ndim]``; ``y`` is repeated over the other
    axes of ``x`` (see :func:`~chainer.functions.bias`).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): The larger operand.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): The factors that are broadcast.
        axis (int): The axis of ``x`` matched with the first axis of ``y``.

    Returns:
        ~chainer.Variable: Output variable.
    """
    return x * _broadcast_from(y, x.shape, axis)
