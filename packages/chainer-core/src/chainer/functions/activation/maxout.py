"""Maxout."""
import chainer
from chainer.utils import type_check


def maxout(x, pool_size, axis=1):
    """Maxout activation: the maximum over groups of consecutive entries along ``axis``.

    ``axis`` is cut into groups of ``pool_size`` neighbouring entries and each group is
    replaced by its maximum, so an axis of length ``M * pool_size`` becomes one of length
    ``M``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        pool_size (int): The group size; it must divide ``x.shape[axis]``.
        axis (int): The axis to reduce (default 1).

    Returns:
        ~chainer.Variable: Output with ``x.shape[axis] // pool_size`` entries along ``axis``.

    .. admonition:: Example

        >>> x = np.array([[1, 5, 2, 0, 7, 3]], np.float32)
        >>> F.maxout(x, pool_size=2).array
        array([[5., 2., 7.]], dtype=float32)
        >>> F.maxout(x, pool_size=3).array
        array([[5., 7.]], dtype=float32)
    """
    if pool_size <= 0:
        raise ValueError('pool_size must be a positive integer.')
    shape = tuple(x.shape)
    ndim = len(shape)
    if axis < -ndim or axis >= ndim:  # IndexError as v7
        raise IndexError('maxout: axis {} is out of range for x.ndim={}'.format(axis, ndim))
    axis %= ndim
    length = shape[axis]
    if length % pool_size:
        raise type_check.InvalidType(
            'x.shape[axis] % pool_size == 0',
            'x.shape[axis]={}, pool_size={}'.format(length, pool_size),
            'the length of the pooled axis must be a multiple of pool_size')
    F = chainer.functions
    groups = shape[:axis] + (length // pool_size, pool_size) + shape[axis + 1:]
    return F.max(F.reshape(x, groups), axis=axis + 1)
