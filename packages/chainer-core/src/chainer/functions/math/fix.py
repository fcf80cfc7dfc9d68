"""Elementwise fix function (round toward zero; not differentiable)."""
import chainer
from chainer import backend, utils


def fix(x):
    """Rounds every element toward zero (no gradient).

    The output is a new :class:`~chainer.Variable` that is not connected to the
    computational graph (the gradient is zero almost everywhere).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.

    Returns:
        ~chainer.Variable: Output variable with the dtype of ``x``.

    .. admonition:: Example

        >>> x = np.array([-2.5, -1.5, 1.5, 2.7], np.float32)
        >>> F.fix(x).array  # rounds towards zero
        array([-2., -1.,  1.,  2.], dtype=float32)
    """
    if isinstance(x, chainer.variable.Variable):
        x = x.array
    xp = backend.get_array_module(x)
    return chainer.as_variable(utils.force_array(xp.fix(x), x.dtype))
