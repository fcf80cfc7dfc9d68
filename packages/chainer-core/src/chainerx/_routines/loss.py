"""Loss functions (compositions of differentiable routines).

Labels are integer arrays; ``-1`` labels are ignored (zero loss) by the cross entropies.
"""
from chainerx import _errors
from chainerx._routines import _core
from chainerx._routines import activation
from chainerx._routines import arithmetic
from chainerx._routines import creation
from chainerx._routines import indexing
from chainerx._routines import manipulation
from chainerx._routines import math
from chainerx._routines import reduction


def _check_pair(x1, x2, name):
    _core.check_array(x1, 'x1')
    _core.check_array(x2, 'x2')
    if x1.shape != x2.shape:
        raise _errors.DimensionError('{}: the shapes {} and {} differ'.format(
            name, x1.shape, x2.shape))


def absolute_error(x1, x2):
    """Elementwise absolute error ``|x1 - x2|``."""
    _check_pair(x1, x2, 'absolute_error')
    return math.absolute(arithmetic.subtract(x1, x2))


def squared_error(x1, x2):
    """Elementwise squared error ``(x1 - x2) ** 2``."""
    _check_pair(x1, x2, 'squared_error')
    return math.square(arithmetic.subtract(x1, x2))


def squared_difference(x1, x2):
    """Elementwise squared difference ``(x1 - x2) ** 2`` (broadcasting)."""
    _core.check_array(x1, 'x1')
    _core.check_array(x2, 'x2')
    return math.square(arithmetic.subtract(x1, x2))


def gaussian_kl_divergence(mean, ln_var, reduce='sum'):
    """KL divergence of N(mean, exp(ln_var)) from N(0, 1).

    Args:
        reduce (str): ``'sum'`` (a scalar) or ``'no'`` (elementwise).
    """
    _check_pair(mean, ln_var, 'gaussian_kl_divergence')
    if reduce not in ('sum', 'no'):
        raise ValueError('only \'sum\' and \'no\' are valid for \'reduce\', but \'{}\' is '
                         'given'.format(reduce))
    dt = mean.dtype.type
    loss = arithmetic.multiply(
        arithmetic.subtract(
            arithmetic.subtract(arithmetic.add(math.square(mean), math.exp(ln_var)), ln_var),
            dt(1)),
        dt(0.5))
    return reduction.sum(loss) if reduce == 'sum' else loss


def huber_loss(x, t, delta, reduce='sum_along_second_axis'):
    """Huber loss: ``d**2 / 2`` where ``|d| <= delta``, else ``delta * (|d| - delta / 2)``.

    Args:
        reduce (str): ``'sum_along_second_axis'`` or ``'no'``.
    """
    _check_pair(x, t, 'huber_loss')
    if reduce not in ('sum_along_second_axis', 'no'):
        raise ValueError('only \'sum_along_second_axis\' and \'no\' are valid for \'reduce\', '
                         'but \'{}\' is given'.format(reduce))
    dt = x.dtype.type
    diff = arithmetic.subtract(x, t)
    absd = math.absolute(diff)
    quad = arithmetic.multiply(math.square(diff), dt(0.5))
    lin = arithmetic.multiply(arithmetic.subtract(absd, dt(0.5 * delta)), dt(delta))
    loss = indexing.where(absd <= dt(delta), quad, lin)
    return reduction.sum(loss, 1) if reduce == 'sum_along_second_axis' else loss


def sigmoid_cross_entropy(x1, x2):
    """Elementwise sigmoid cross entropy of logits ``x1`` and binary labels ``x2``.

    Elements labeled ``-1`` have zero loss.
    """
    _core.check_array(x1, 'x1')
    _core.check_array(x2, 'x2')
    if x1.shape != x2.shape:
        raise _errors.DimensionError('sigmoid_cross_entropy: the shapes {} and {} differ'
                                     .format(x1.shape, x2.shape))
    t = x2.astype(x1.dtype)
    # log(1 + exp(x)) - x t
    loss = arithmetic.subtract(activation.softplus(x1), arithmetic.multiply(x1, t))
    return indexing.where(x2 != -1, loss, x1.dtype.type(0))


def softmax_cross_entropy(x1, x2):
    """Per-sample softmax cross entropy of scores ``x1`` ``(N, C)`` and labels ``x2``
    ``(N,)``; samples labeled ``-1`` have zero loss."""
    _core.check_array(x1, 'x1')
    _core.check_array(x2, 'x2')
    if x1.ndim != 2 or x2.ndim != 1 or x1.shape[0] != x2.shape[0]:
        raise _errors.DimensionError('softmax_cross_entropy: x1 must be (N, C) and x2 (N,), '
                                     'not {} and {}'.format(x1.shape, x2.shape))
    if x2.dtype.kind not in 'iu':
        raise _errors.DtypeError('softmax_cross_entropy: labels must be integers, not {}'
                                 .format(x2.dtype))
    scores = activation.log_softmax(x1, 1)
    classes = creation.arange(x1.shape[1], dtype=x2.dtype, device=x1.device)
    one_hot = manipulation.reshape(x2, (-1, 1)) == manipulation.reshape(classes, (1, -1))
    picked = indexing.where(one_hot, scores, x1.dtype.type(0))
    return arithmetic.negative(reduction.sum(picked, 1))


def hinge(x1, x2, norm=1.0):
    """Elementwise hinge loss ``max(0, 1 - sign * x1) ** norm`` of scores ``x1`` ``(N, C)``
    and labels ``x2`` ``(N,)``; ``sign`` is 1 for the labeled class and -1 otherwise."""
    _core.check_array(x1, 'x1')
    _core.check_array(x2, 'x2')
    if x1.ndim != 2 or x2.ndim != 1 or x1.shape[0] != x2.shape[0]:
        raise _errors.DimensionError('hinge: x1 must be (N, C) and x2 (N,), not {} and {}'
                                     .format(x1.shape, x2.shape))
    dt = x1.dtype.type
    classes = creation.arange(x1.shape[1], dtype=x2.dtype, device=x1.device)
    is_label = manipulation.reshape(x2, (-1, 1)) == manipulation.reshape(classes, (1, -1))
    signed = indexing.where(is_label, x1, arithmetic.negative(x1))
    margin = math.maximum(arithmetic.subtract(dt(1), signed), dt(0))
    return margin if norm == 1 else arithmetic.power(margin, dt(norm))


def accuracy(y, t, ignore_label=None):
    """Classification accuracy of scores ``y`` ``(N, C, ...)`` against labels ``t``.

    Samples labeled ``ignore_label`` are left out. Returns a 0-dim array of the dtype of
    ``y`` (not differentiable).
    """
    _core.check_array(y, 'y')
    _core.check_array(t, 't')
    xp = y._device.xp
    yd = y._data
    td = t._data
    pred = yd.argmax(axis=1).reshape(td.shape)
    if ignore_label is not None:
        mask = td != ignore_label
        count = int(mask.sum())
        correct = int(((pred == td) & mask).sum())
        value = 0.0 if count == 0 else correct / count
    else:
        value = float((pred == td).mean()) if td.size else 0.0
    with y._device._use():
        return _core.wrap(xp.asarray(value, dtype=yd.dtype), y._device)

