import numpy

import chainer
from chainer import backend
from chainer import variable
from chainer.functions._helpers.loss import check_reduce


def _array(x):
    return x.array if isinstance(x, variable.Variable) else x


def _transition_scores(F, alpha, cost):
    """``alpha[b, i] + cost[i, j]`` as a ``(B, K, K)`` Variable."""
    b, k = alpha.shape
    return (F.broadcast_to(F.expand_dims(alpha, 2), (b, k, k))
            + F.broadcast_to(cost, (b, k, k)))


def crf1d(cost, xs, ys, reduce='mean'):
    """Negative log-likelihood of a linear-chain conditional random field.

    The batch is given transposed (see :func:`~chainer.functions.transpose_sequence`):
    ``xs[i]`` holds the scores of step ``i`` of the sequences that are at least ``i + 1``
    long, so sequences must be sorted by decreasing length and ``xs[i].shape[0]`` is
    non-increasing. The score of a label path ``y`` is
    ``sum_i xs[i][y_i] + sum_i cost[y_i, y_{i+1}]``.

    Args:
        cost (:class:`~chainer.Variable` or :ref:`ndarray`): Transition costs ``(K, K)``;
            ``cost[i, j]`` scores label ``i`` followed by ``j``.
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Scores ``(B_i, K)``.
        ys (list of :class:`~chainer.Variable` or :ref:`ndarray`): Integer labels, with
            ``ys[i].shape == xs[i].shape[:1]``.
        reduce (str): ``'mean'`` (the batch mean) or ``'no'`` (losses of shape ``(B,)``).

    Returns:
        ~chainer.Variable: ``log Z - score(ys)`` per sequence, reduced as requested.

    .. admonition:: Example

        >>> cost = np.zeros((2, 2), np.float32)
        >>> xs = [np.array([[0, 0]], np.float32), np.array([[0, 0]], np.float32)]
        >>> ys = [np.array([0], np.int32), np.array([1], np.int32)]
        >>> loss = F.crf1d(cost, xs, ys)  # 4 equally likely paths: -log(1/4)
        >>> print(np.round(loss.array, 4))
        1.3863
    """
    check_reduce(reduce)
    F = chainer.functions
    assert xs[0].shape[1] == cost.shape[0]
    n_batch = xs[0].shape[0]

    # forward algorithm; finished sequences leave the batch from its end
    alpha = xs[0]
    done = []
    for x in xs[1:]:
        batch = x.shape[0]
        if alpha.shape[0] > batch:
            alpha, rest = F.split_axis(alpha, [batch], axis=0)
            done.append(rest)
        alpha = F.logsumexp(_transition_scores(F, alpha, cost), axis=1) + x
    if done:
        alpha = F.concat([alpha] + done[::-1], axis=0)
    logz = F.logsumexp(alpha, axis=1)

    # score of the given label paths
    score = F.select_item(xs[0], ys[0])
    done = []
    for x, y, y_prev in zip(xs[1:], ys[1:], ys[:-1]):
        batch = x.shape[0]
        y = _array(y)
        y_prev = _array(y_prev)[:batch]
        if score.shape[0] > batch:
            score, rest = F.split_axis(score, [batch], axis=0)
            done.append(rest)
        score = score + F.select_item(x, y) + F.get_item(cost, (y_prev, y))
    if done:
        score = F.concat([score] + done[::-1], axis=0)

    loss = logz - score
    if reduce == 'mean':
        return F.sum(loss) / n_batch
    return loss


def argmax_crf1d(cost, xs):
    """Most probable label paths of a linear-chain CRF (Viterbi algorithm).

    Args:
        cost (:class:`~chainer.Variable` or :ref:`ndarray`): Transition costs ``(K, K)``.
        xs (list of :class:`~chainer.Variable` or :ref:`ndarray`): Transposed scores
            ``(B_i, K)`` with non-increasing ``B_i`` (see :func:`crf1d`).

    Returns:
        tuple: ``(score, path)``: ``score`` is a Variable ``(B,)`` with the score of the best
        path of each sequence, ``path`` a list of int32 arrays with
        ``path[i].shape == xs[i].shape[:1]`` (the best label at step ``i``).

    .. admonition:: Example

        >>> cost = np.array([[0, 1], [1, 0]], np.float32)  # rewards for label transitions
        >>> xs = [np.array([[2, 0]], np.float32), np.array([[0, 0]], np.float32),
        ...       np.array([[0, 2]], np.float32)]  # three steps of a batch of one sequence
        >>> score, path = F.argmax_crf1d(cost, xs)
        >>> score.array
        array([5.], dtype=float32)
        >>> path
        [array([0], dtype=int32), array([0], dtype=int32), array([1], dtype=int32)]
    """
    F = chainer.functions
    alpha = chainer.as_variable(xs[0])
    rests = []
    back = []
    for x in xs[1:]:
        batch = x.shape[0]
        rest = None
        if alpha.shape[0] > batch:
            alpha, rest = F.split_axis(alpha, [batch], axis=0)
        rests.append(rest)
        scores = _transition_scores(F, alpha, cost)
        back.append(backend.from_chx(scores.array.argmax(axis=1)))
        alpha = F.max(scores, axis=1) + x

    # The back-tracking indexes pointer arrays by arrays: it runs on NumPy/CuPy (views of
    # ChainerX arrays), and the path goes back to the device of the scores.
    device = backend.get_device_from_array(alpha)
    inds = backend.from_chx(alpha.array.argmax(axis=1))
    xp = backend.get_array_module(inds)
    path = [inds]
    for pointers, rest in zip(back[::-1], rests[::-1]):
        inds = pointers[xp.arange(len(inds)), inds]
        if rest is not None:
            inds = xp.concatenate([inds, backend.from_chx(rest.array.argmax(axis=1))])
        path.append(inds)
    path = [device.send(p.astype(numpy.int32)) for p in path[::-1]]

    score = F.max(alpha, axis=1)
    tails = [F.max(rest, axis=1) for rest in rests[::-1] if rest is not None]
    if tails:
        score = F.concat([score] + tails, axis=0)
    return score, path
