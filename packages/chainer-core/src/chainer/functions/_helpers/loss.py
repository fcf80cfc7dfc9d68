"""Helpers shared by the loss functions (``chainer/functions/loss``)."""
import numpy

from chainer import function_node


def wide_sum(x):
    """``x.sum()``, accumulated in float32 when ``x`` is float16 (a float16 sum overflows
    past 65504 where v7's mean losses stay finite); cast the result back to ``x.dtype``."""
    if x.dtype == numpy.float16:
        return x.sum(dtype=numpy.float32)
    return x.sum()


def check_reduce(reduce, valid=('mean', 'no')):
    """Raises ``ValueError`` (with v7's message) unless ``reduce`` is one of ``valid``."""
    if reduce not in valid:
        quoted = ["'%s'" % v for v in valid]
        names = ' and '.join([', '.join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)
        raise ValueError(
            "only %s are valid for 'reduce', but '%s' is given" % (names, reduce))


def label_index(xp, t, axis=1):
    """Index tuple that selects ``x[n, t[n, d...], d...]`` (class ``axis`` given by ``t``).

    ``x`` has the shape of ``t`` with one more axis inserted at ``axis``; the result indexes
    an array of that shape and yields an array shaped like ``t`` (no one-hot is built).
    """
    nd = t.ndim
    grids = []
    for ax, size in enumerate(t.shape):
        shape = [1] * nd
        shape[ax] = size
        grids.append(xp.arange(size).reshape(shape))
    return tuple(grids[:axis]) + (t,) + tuple(grids[axis:])


def difference_grads(gx, indexes):
    """Gradients of a loss of ``x0 - x1`` given its gradient ``gx`` w.r.t. the difference."""
    return tuple(gx if i == 0 else -gx for i in indexes)


class MarginLoss(function_node.FunctionNode):
    """Base of the losses with a positive ``margin`` and a ``reduce`` mode."""

    def __init__(self, margin, reduce='mean'):
        if margin <= 0:
            raise ValueError('margin should be positive value.')
        self.margin = margin
        check_reduce(reduce)
        self.reduce = reduce
