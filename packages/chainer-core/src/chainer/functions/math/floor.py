"""Elementwise floor function (not differentiable)."""
import chainer
from chainer import backend, utils


def floor(x):
    """Rounds every element down to the nearest integer (no gradient).

    The output is a new :class:`~chainer.Variable` that is not connected to the
    computational graph (the gradient is zero almost everywhere).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.

    Returns:
        ~chainer.Variable: Output variable with the dtype of ``x``.

    .. admonition:: Example

        >>> x = np.array([-1.5, 0.2, 2], np.float32)
        >>> F.floor(x).array
        array([-2.,  0.,  2.], dtype=float32)
    """
    if isinstance(x, chainer.variable.Variable):
        x = x.array
    xp = backend.get_array_module(x)
    return chainer.as_variable(utils.force_array(xp.floor(x), x.dtype))
