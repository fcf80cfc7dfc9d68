import collections.abc

import numpy

import chainer
from chainer import backend
from chainer import function_node
from chainer import utils
from chainer import variable
from chainer.functions._helpers.loss import check_reduce
from chainer.utils._scatter import scatter_add
from chainer.functions.activation.log_softmax import _log_softmax
from chainer.utils import type_check


# v7's loss of a label sequence that cannot be emitted (its finite log of zero)
_IMPOSSIBLE_LOSS = {numpy.dtype(numpy.float16): 1e4}


def _logaddexp(xp, a, b):
    with numpy.errstate(invalid='ignore'):
        return xp.logaddexp(a, b)


class ConnectionistTemporalClassification(function_node.FunctionNode):
    """CTC loss in log space (inputs: input lengths, label lengths, labels, activations).

    The activations ``x`` are stacked over time, ``(T, B, V)``; the softmax over ``V`` is
    applied internally. Only ``x`` receives a gradient (not differentiable twice).
    """

    def __init__(self, blank_symbol, reduce='mean'):
        self.blank_symbol = blank_symbol
        check_reduce(reduce)
        self.reduce = reduce

    def check_type_forward(self, in_types):
        type_check.argname(in_types, ('input_length', 'label_length', 't', 'x'))
        *int_types, x_type = in_types
        # the lengths are vectors and the labels a matrix, with one row per sequence
        for int_type, ndim in zip(int_types, (1, 1, 2)):
            type_check.expect(int_type.dtype == numpy.int32, int_type.ndim == ndim)
        type_check.expect(x_type.ndim == 3, x_type.dtype.kind == 'f')
        batch = x_type.shape[1]  # x is (time, batch, vocabulary)
        for int_type in (int_types[2], int_types[0], int_types[1]):
            type_check.expect(int_type.shape[0] == batch)

    def forward(self, inputs):
        input_length, label_length, t, x = inputs
        xp = backend.get_array_module(x)
        n_time, n_batch, n_vocab = x.shape
        ctype = numpy.promote_types(x.dtype, numpy.float32)
        blank = self.blank_symbol
        neg_inf = ctype.type(-numpy.inf)

        log_y = _log_softmax(x.astype(ctype, copy=False), axis=2)          # (T, B, V)
        n_path = 2 * t.shape[1] + 1
        path = xp.full((n_batch, n_path), blank, t.dtype)
        path[:, 1::2] = t
        path_length = 2 * label_length.astype(numpy.int64) + 1              # (B,)
        s_index = xp.arange(n_path)[None, :]
        valid = s_index < path_length[:, None]                             # (B, L)
        # a transition s-2 -> s skips a blank between two different labels
        skip = xp.zeros((n_batch, n_path), bool)
        skip[:, 2:] = (path[:, 2:] != blank) & (path[:, 2:] != path[:, :-2])
        emit = xp.take_along_axis(
            log_y, xp.broadcast_to(path[None], (n_time, n_batch, n_path)), axis=2)
        time_index = xp.arange(n_time)[:, None]
        active = time_index < input_length[None, :]                         # (T, B)

        alpha = xp.full((n_time, n_batch, n_path), neg_inf, ctype)
        a = xp.full((n_batch, n_path), neg_inf, ctype)
        a[:, :2] = emit[0, :, :2]
        alpha[0] = xp.where(valid, a, neg_inf)
        for ti in range(1, n_time):
            prev = alpha[ti - 1]
            a = prev.copy()
            a[:, 1:] = _logaddexp(xp, a[:, 1:], prev[:, :-1])
            a[:, 2:] = xp.where(skip[:, 2:], _logaddexp(xp, a[:, 2:], prev[:, :-2]), a[:, 2:])
            a += emit[ti]
            a = xp.where(valid, a, neg_inf)
            alpha[ti] = xp.where(active[ti][:, None], a, prev)

        last = alpha[-1]                      # frozen at each sequence's last step
        end = xp.take_along_axis(last, (path_length - 1)[:, None], axis=1)[:, 0]
        end2 = xp.take_along_axis(last, xp.maximum(path_length - 2, 0)[:, None], axis=1)[:, 0]
        log_p = xp.where(path_length >= 2, _logaddexp(xp, end, end2), end)
        # a label sequence that no alignment of its input emits (one too long for the input)
        # gets v7's finite loss and no gradient
        possible = log_p > neg_inf

        final = (s_index == (path_length - 1)[:, None]) | (s_index == (path_length - 2)[:, None])
        beta = xp.full((n_time, n_batch, n_path), neg_inf, ctype)
        nxt = xp.full((n_batch, n_path), neg_inf, ctype)
        for ti in range(n_time - 1, -1, -1):
            b = nxt.copy()
            b[:, :-1] = _logaddexp(xp, b[:, :-1], nxt[:, 1:])
            b[:, :-2] = xp.where(skip[:, 2:], _logaddexp(xp, b[:, :-2], nxt[:, 2:]), b[:, :-2])
            b += emit[ti]
            b = xp.where(valid, b, neg_inf)
            is_last = (input_length == ti + 1)[:, None]
            b = xp.where(is_last, xp.where(final & valid, emit[ti], neg_inf), b)
            b = xp.where(active[ti][:, None], b, neg_inf)
            beta[ti] = b
            nxt = b

        # occupation probabilities of each path position, accumulated per vocabulary entry
        with numpy.errstate(invalid='ignore'):
            occ = xp.exp(alpha + beta - emit - log_p[None, :, None])
        occ = xp.where(active[:, :, None] & valid[None] & possible[None, :, None], occ, 0)
        grad = xp.exp(log_y)
        grad *= (active & possible[None, :])[:, :, None]
        index = (xp.arange(n_time)[:, None, None], xp.arange(n_batch)[None, :, None],
                 xp.broadcast_to(path[None], occ.shape))
        scatter_add(grad, index, -occ)
        self._grad = grad

        loss = xp.where(possible, -log_p, _IMPOSSIBLE_LOSS.get(x.dtype, 1e10))
        if self.reduce == 'mean':
            loss = loss.mean() if n_batch else loss.sum()
        return utils.force_array(loss, x.dtype),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        xp = backend.get_array_module(gy)
        gy = gy.array
        if self.reduce == 'mean':
            scale = gy / max(self._grad.shape[1], 1)
        else:
            scale = gy[None, :, None]
        gx = (self._grad * scale).astype(gy.dtype, copy=False)
        gx = variable.Variable(xp.asarray(gx), requires_grad=False)
        return tuple([gx if i == 3 else None for i in indexes])


def connectionist_temporal_classification(x, t, blank_symbol, input_length=None,
                                          label_length=None, reduce='mean'):
    """Connectionist Temporal Classification (CTC) loss.

    Args:
        x (list or tuple of :class:`~chainer.Variable`): Unnormalized activations, one
            ``(B, V)`` array per time step (the softmax is applied internally).
        t (:class:`~chainer.Variable` or :ref:`ndarray`): int32 label sequences ``(B, U)``.
        blank_symbol (int): Index of the blank symbol, ``0 <= blank_symbol < V``.
        input_length (:class:`~chainer.Variable` or :ref:`ndarray`): int32 lengths of the
            input sequences ``(B,)`` (default: all ``len(x)``).
        label_length (:class:`~chainer.Variable` or :ref:`ndarray`): int32 lengths of the
            label sequences ``(B,)`` (default: all ``U``).
        reduce (str): ``'mean'`` (the batch mean) or ``'no'`` (losses of shape ``(B,)``).

    Returns:
        ~chainer.Variable: The negative log-likelihood. Differentiable only w.r.t. ``x``.

    .. admonition:: Example

        >>> x = [np.zeros((1, 3), np.float32) for _ in range(3)]  # 3 steps, 3 labels (0: blank)
        >>> t = np.array([[1, 2]], np.int32)
        >>> loss = F.connectionist_temporal_classification(x, t, blank_symbol=0)
        >>> loss.shape, loss.dtype
        ((), dtype('float32'))
        >>> print(np.round(loss.array, 4))  # 5 of the 27 uniform paths give "1 2": -log(5 / 27)
        1.6864
    """
    if not isinstance(x, collections.abc.Sequence):
        raise TypeError('x must be a list of Variables')
    if not isinstance(blank_symbol, int):
        raise TypeError('blank_symbol must be non-negative integer.')
    assert 0 <= blank_symbol < x[0].shape[1]
    check_reduce(reduce)
    xp = backend.get_array_module(x[0])
    with backend.get_device_from_array(x[0]).create_context():  # the lengths go with x
        if input_length is None:
            input_length = xp.full(len(x[0]), len(x), dtype=numpy.int32)
        if label_length is None:
            label_length = xp.full(len(t), t.shape[1], dtype=numpy.int32)
    xs = chainer.functions.stack(x)
    return ConnectionistTemporalClassification(blank_symbol, reduce).apply(
        (input_length, label_length, t, xs))[0]
