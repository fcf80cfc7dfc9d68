"""Maxout."""
import chainer
from chainer.utils import type_check


def maxout(x, pool_size, axis=1):
    """Maxout activation function.

    Splits ``axis`` (of size ``M * pool_size``) into ``(M, pool_size)`` and takes the maximum
    over each group of ``pool_size`` consecutive entries, so that ``axis`` has size ``M``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input of floating dtype.
        pool_size (int): The size of each group; must divide ``x.shape[axis]``.
        axis (int): The axis to pool over (default 1).

    Returns:
        ~chainer.Variable: Output variable with ``x.shape[axis] // pool_size`` on ``axis``.
    """
    if pool_size <= 0:
        raise ValueError('pool_size must be a positive integer.')
    x_shape = x.shape
    ndim = len(x_shape)
    if not -ndim <= axis < ndim:
        raise type_check.InvalidType(
            '-x.ndim <= axis < x.ndim', 'x.ndim={}, axis={}'.format(ndim, axis),
            'axis out of range')
    axis %= ndim
    if x_shape[axis] % pool_size != 0:
        expect = 'x.shape[axis] % pool_size == 0'
        actual = 'x.shape[axis]={}, pool_size={}'.format(x_shape[axis], pool_size)
        msg = 'axis dimension must be divided by pool_size'
        raise type_check.InvalidType(expect, actual, msg)
    F = chainer.functions
    shape = x_shape[:axis] + (x_shape[axis] // pool_size, pool_size) + x_shape[axis + 1:]
    return F.max(F.reshape(x, shape), axis=axis + 1)
