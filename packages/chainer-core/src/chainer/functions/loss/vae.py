import math

import chainer
from chainer.functions._helpers.loss import check_reduce


_REDUCE = ('sum', 'mean', 'no')


def _reduce(loss, reduce):
    if reduce == 'sum':
        return chainer.functions.sum(loss)
    if reduce == 'mean':
        return chainer.functions.mean(loss)
    return loss


def gaussian_kl_divergence(mean, ln_var, reduce='sum'):
    """KL divergence of ``N(mean, exp(ln_var))`` (diagonal) from the standard normal.

    The elementwise value is ``(mean**2 + exp(ln_var) - ln_var - 1) / 2``.

    Args:
        mean (:class:`~chainer.Variable` or :ref:`ndarray`): Means of the Gaussian.
        ln_var (:class:`~chainer.Variable` or :ref:`ndarray`): Log variances (same shape).
        reduce (str): ``'sum'`` (default; the sum, a scalar), ``'mean'`` (the mean of the
            elements, a scalar) or ``'no'`` (elementwise).

    Returns:
        ~chainer.Variable: The KL divergence.

    .. admonition:: Example

        >>> mean = np.array([0, 1], np.float32)
        >>> ln_var = np.zeros(2, np.float32)  # unit variance
        >>> F.gaussian_kl_divergence(mean, ln_var).array  # KL against N(0, 1)
        array(0.5, dtype=float32)
        >>> F.gaussian_kl_divergence(mean, ln_var, reduce='no').array
        array([0. , 0.5], dtype=float32)
    """
    check_reduce(reduce, _REDUCE)
    F = chainer.functions
    var = F.exp(ln_var)
    loss = (mean * mean + var - ln_var - 1) * 0.5
    return _reduce(loss, reduce)


def bernoulli_nll(x, y, reduce='sum'):
    """Negative log-likelihood of ``x`` under Bernoulli distributions with logits ``y``.

    The elementwise value is ``softplus(y) - x * y`` (``y`` is the pre-sigmoid
    parameter, so ``p = sigmoid(y)``).

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Observations in ``[0, 1]``.
        y (:class:`~chainer.Variable` or :ref:`ndarray`): Logits (same shape).
        reduce (str): ``'sum'`` (default; the sum, a scalar), ``'mean'`` (the mean of the
            elements, a scalar) or ``'no'`` (elementwise).

    Returns:
        ~chainer.Variable: The negative log-likelihood.

    .. admonition:: Example

        >>> x = np.array([1, 0], np.float32)
        >>> y = np.array([0, 0], np.float32)  # logits of the Bernoulli distribution: p = 0.5
        >>> print(np.round(F.bernoulli_nll(x, y).array, 4))  # 2 log 2
        1.3863
        >>> np.round(F.bernoulli_nll(x, y, reduce='no').array, 4)
        array([0.6931, 0.6931], dtype=float32)
    """
    check_reduce(reduce, _REDUCE)
    loss = chainer.functions.softplus(y) - x * y
    return _reduce(loss, reduce)


def gaussian_nll(x, mean, ln_var, reduce='sum'):
    """Negative log-likelihood of ``x`` under Gaussians ``N(mean, exp(ln_var))``.

    The elementwise value is ``(log(2 pi) + ln_var) / 2 + (x - mean)**2 / (2 exp(ln_var))``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Observations.
        mean (:class:`~chainer.Variable` or :ref:`ndarray`): Means (same shape).
        ln_var (:class:`~chainer.Variable` or :ref:`ndarray`): Log variances (same shape).
        reduce (str): ``'sum'`` (default; the sum, a scalar), ``'mean'`` (the mean of the
            elements, a scalar) or ``'no'`` (elementwise).

    Returns:
        ~chainer.Variable: The negative log-likelihood.

    .. admonition:: Example

        >>> x = np.array([0, 1], np.float32)
        >>> mean = np.zeros(2, np.float32)
        >>> ln_var = np.zeros(2, np.float32)
        >>> print(np.round(F.gaussian_nll(x, mean, ln_var).array, 4))
        2.3379
        >>> np.round(F.gaussian_nll(x, mean, ln_var, reduce='no').array, 4)
        array([0.9189, 1.4189], dtype=float32)
    """
    check_reduce(reduce, _REDUCE)
    F = chainer.functions
    x_prec = F.exp(-ln_var)
    x_diff = x - mean
    loss = (ln_var + math.log(2 * math.pi)) / 2 + x_diff * x_diff * x_prec * 0.5
    return _reduce(loss, reduce)
