"""Elementwise sign function (-1, 0 or 1; not differentiable)."""
import chainer
from chainer import backend, utils


def sign(x):
    """Sign (-1, 0 or 1) of every element (no gradient).

    The output is a new :class:`~chainer.Variable` that is not connected to the
    computational graph (the gradient is zero almost everywhere).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input variable.

    Returns:
        ~chainer.Variable: Output variable with the dtype of ``x``.

    .. admonition:: Example

        >>> x = np.array([-2.5, 0, 3], np.float32)
        >>> F.sign(x).array
        array([-1.,  0.,  1.], dtype=float32)
    """
    if isinstance(x, chainer.variable.Variable):
        x = x.array
    xp = backend.get_array_module(x)
    # Lists and scalars are taken as arrays (of NumPy's dtype for them), as in v7.
    x = xp.asarray(x)
    return chainer.as_variable(utils.force_array(xp.sign(x), x.dtype))
