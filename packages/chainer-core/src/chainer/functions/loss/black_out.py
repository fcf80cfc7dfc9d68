import chainer
from chainer.functions._helpers.loss import check_reduce
from chainer.functions.connection.embed_id import embed_id


def black_out(x, t, W, samples, reduce='mean'):
    """BlackOut loss: a sampled approximation of the softmax cross-entropy.

    With ``p = x . W[t]`` and negative scores ``q_j = x . W[samples_j]``, the loss of a sample
    is ``-(p - log Z + sum_j log(1 - exp(q_j - log Z)))`` where
    ``log Z = logsumexp([p, q_1, ..., q_S])``.

    Args:
        x (:class:`~chainer.Variable` or :ref:`ndarray`): Input vectors ``(N, D)``.
        t (:class:`~chainer.Variable` or :ref:`ndarray`): Integer labels ``(N,)``.
        W (:class:`~chainer.Variable` or :ref:`ndarray`): Output embeddings ``(V, D)``.
        samples (:class:`~chainer.Variable` or :ref:`ndarray`): Integer negative samples
            ``(N, S)``.
        reduce (str): ``'mean'`` (the batch mean) or ``'no'`` (losses of shape ``(N,)``).

    Returns:
        ~chainer.Variable: The loss.

    .. admonition:: Example

        >>> x = np.array([[1, 0], [0, 1]], np.float32)  # (batch, unit)
        >>> W = np.array([[1, 1], [2, 0], [0, 2]], np.float32)  # (vocabulary, unit)
        >>> t = np.array([1, 2], np.int32)
        >>> samples = np.array([[0], [0]], np.int32)  # one negative sample per example
        >>> loss = F.black_out(x, t, W, samples)
        >>> loss.shape, loss.dtype
        ((), dtype('float32'))
        >>> print(np.round(loss.array, 4))
        0.6265
        >>> F.black_out(x, t, W, samples, reduce='no').shape
        (2,)
    """
    check_reduce(reduce)
    F = chainer.functions
    n = x.shape[0]
    s = samples.shape[1]
    # batched products as in v7: a wrong input size fails in MatMul's type check, and x and W
    # may have different float dtypes (the loss has the promoted one)
    x_column = F.expand_dims(x, 2)                                  # (n, d, 1)
    neg_y = F.squeeze(F.matmul(embed_id(samples, W), x_column), axis=2)  # (n, s)
    pos_y = F.reshape(F.matmul(F.expand_dims(embed_id(t, W), 1), x_column), (n,))  # (n,)
    logz = F.logsumexp(F.concat([F.expand_dims(pos_y, 1), neg_y], axis=1), axis=1)
    neg = F.log(1 - F.exp(neg_y - F.broadcast_to(F.expand_dims(logz, 1), (n, s))))
    loss = -(pos_y - logz + F.sum(neg, axis=1))
    if reduce == 'mean':
        loss = F.mean(loss)
    return loss
