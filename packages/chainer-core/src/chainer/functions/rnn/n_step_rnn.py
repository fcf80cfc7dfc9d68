"""Stacked (bi-directional) Elman RNN over variable-length sequences (``n_step_rnn``).

Also holds the machinery shared by ``n_step_lstm`` and ``n_step_gru``: the weight-list layout
``ws[layer * directions + di][j]``, dropout between layers, and the loop over time steps of a
batch sorted by decreasing length (``xs[t]`` has ``B_t`` rows, ``B_t`` non-increasing).
"""
import chainer
from chainer.functions.rnn._cudnn_rnn import BaseNStepRNN  # noqa: F401 (v7's path)
from chainer.functions.rnn._cudnn_rnn import cudnn_rnn_weight_concat  # noqa: F401
from chainer.functions.rnn._cudnn_rnn import CudnnRNNWeightConcat  # noqa: F401
from chainer.functions.rnn._cudnn_rnn import NStepBiRNNReLU  # noqa: F401
from chainer.functions.rnn._cudnn_rnn import NStepBiRNNTanh  # noqa: F401
from chainer.functions.rnn._cudnn_rnn import NStepRNNReLU  # noqa: F401
from chainer.functions.rnn._cudnn_rnn import NStepRNNTanh  # noqa: F401
from chainer.utils import argument

_USE_CUDNN_MSG = 'use_cudnn argument is not supported anymore. Use chainer.using_config'


def _check_kwargs(kwargs):
    argument.check_unexpected_kwargs(kwargs, train=argument._TRAIN_REMOVED,
                                     use_cudnn=_USE_CUDNN_MSG)
    argument.assert_kwargs_empty(kwargs)


def _check_input_size(xs, ws):
    # v7's n_step_rnn and n_step_lstm (not n_step_gru) refuse inputs that do not fit the first
    # layer's input weights with a ValueError.
    if len(xs) and len(ws) and len(ws[0]):
        x_size, w_size = xs[0].shape[1], ws[0][0].shape[1]
        if x_size != w_size:
            raise ValueError('Inconsistent input size in input values and weight parameters: '
                             '{} != {}'.format(x_size, w_size))


def _stack_weight(ws):
    # Interleaves the rows of the gate matrices (unit-major), as chainer.functions.lstm wants.
    import chainer.functions as F
    w = F.stack(ws, axis=1)
    shape = w.shape
    return F.reshape(w, (shape[0] * shape[1],) + shape[2:])


class _RNNCell:
    # h = f(W0 x + b0 + W1 h + b1)

    def __init__(self, activation, w, b):
        import chainer.functions as F
        self.activation = F.tanh if activation == 'tanh' else F.relu
        self.xw, self.xb = w[0], b[0]
        self.hw, self.hb = w[1], b[1]

    def step(self, xw, h, c):
        import chainer.functions as F
        return self.activation(xw + F.linear(h, self.hw, self.hb)), None


def _dropout_sequence(xs, dropout_ratio):
    # dropout is the identity outside training mode or with a zero ratio
    if not chainer.config.train or dropout_ratio == 0:
        return xs
    import chainer.functions as F
    return [F.dropout(x, ratio=dropout_ratio) for x in xs]


def _split_batches(x, batches):
    import chainer.functions as F
    if len(batches) == 1:
        return [x]
    sections = []
    total = 0
    for b in batches[:-1]:
        total += b
        sections.append(total)
    return list(F.split_axis(x, sections, axis=0))


def _one_directional_loop(cell, xs, h, c):
    # The input projection of all steps is one GEMM; the recurrence runs step by step on the
    # first B_t rows, the other rows keep their last state.
    import chainer.functions as F
    batches = [x.shape[0] for x in xs]
    x_all = xs[0] if len(xs) == 1 else F.concat(xs, axis=0)
    xws = _split_batches(F.linear(x_all, cell.xw, cell.xb), batches)
    h_list = []
    for xw, batch in zip(xws, batches):
        h_rest = c_rest = None
        if h.shape[0] > batch:
            h, h_rest = F.split_axis(h, [batch], axis=0)
            if c is not None:
                c, c_rest = F.split_axis(c, [batch], axis=0)
        h, c = cell.step(xw, h, c)
        h_list.append(h)
        if h_rest is not None:
            h = F.concat([h, h_rest], axis=0)
            if c is not None:
                c = F.concat([c, c_rest], axis=0)
    return h, c, h_list


def n_step_rnn_impl(f, n_layers, dropout_ratio, hx, cx, ws, bs, xs, use_bi_direction):
    """Generic implementation of the n-step RNNs with differentiable functions.

    Args:
        f: Cell factory ``f(w, b)`` returning an object with ``xw``/``xb`` (input projection)
            and ``step(xw_t, h, c) -> (h, c)``.
        n_layers (int): Number of layers.
        dropout_ratio (float): Dropout ratio applied to the inputs of layers after the first.
        hx: Initial hidden states ``(n_layers * directions, B, N)``.
        cx: Initial cell states (same shape) or ``None`` for cell-less RNNs.
        ws, bs: Weight and bias lists indexed ``layer * directions + di``.
        xs: List of ``(B_t, I)`` inputs with non-increasing ``B_t``.
        use_bi_direction (bool): Bi-directional if ``True``.

    Returns:
        tuple: ``(hy, cy, ys)``; ``cy`` is ``None`` when ``cx`` is ``None``.
    """
    import chainer.functions as F
    direction = 2 if use_bi_direction else 1
    n = n_layers * direction
    if len(ws) != n or len(bs) != n:
        raise ValueError(
            'the number of weights and biases must be n_layers * directions '
            '({}), got {} and {}'.format(n, len(ws), len(bs)))
    xs = list(xs)
    use_cell = cx is not None
    hy = []
    cy = []
    xs_next = xs
    for layer in range(n_layers):
        outs = []
        for di in range(direction):
            idx = direction * layer + di
            inputs = xs_next if layer == 0 else _dropout_sequence(xs_next, dropout_ratio)
            if di == 1:
                inputs = inputs[::-1]
            h, c, h_list = _one_directional_loop(
                f(ws[idx], bs[idx]), inputs, hx[idx], cx[idx] if use_cell else None)
            if di == 1:
                h_list.reverse()
            outs.append(h_list)
            hy.append(h)
            cy.append(c)
        if use_bi_direction:
            xs_next = [F.concat([hf, hb], axis=1) for hf, hb in zip(*outs)]
        else:
            xs_next = outs[0]
    hy = F.stack(hy)
    cy = F.stack(cy) if use_cell else None
    return hy, cy, tuple(xs_next)


def n_step_rnn_base(n_layers, dropout_ratio, hx, ws, bs, xs, activation, use_bi_direction,
                    **kwargs):
    """Base function of :func:`n_step_rnn` and :func:`n_step_birnn`.

    Args:
        activation (str): ``'tanh'`` or ``'relu'``.
        use_bi_direction (bool): Bi-directional if ``True``.

    Returns:
        tuple: ``(hy, ys)``.

    See :func:`n_step_rnn` for the other arguments.
    """
    _check_kwargs(kwargs)
    if activation not in ('tanh', 'relu'):
        raise ValueError('Invalid activation: {!r}; n_step_rnn supports tanh and '
                         'relu'.format(activation))

    _check_input_size(xs, ws)

    def cell(w, b):
        return _RNNCell(activation, w, b)

    hy, _, ys = n_step_rnn_impl(
        cell, n_layers, dropout_ratio, hx, None, ws, bs, xs, use_bi_direction)
    return hy, ys


def n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh', **kwargs):
    """n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh')

    Stacked uni-directional Elman RNN: ``h_t = f(W_0 x_t + b_0 + W_1 h_{t-1} + b_1)``.

    Args:
        n_layers (int): Number of layers.
        dropout_ratio (float): Dropout ratio for the inputs of every layer but the first
            (only in training mode).
        hx (:class:`~chainer.Variable`): Initial hidden states ``(n_layers, B, N)``.
        ws (list of lists): ``ws[i] = [W_0, W_1]``; ``W_0`` is ``(N, I)`` for the first
            layer and ``(N, N)`` otherwise, ``W_1`` is ``(N, N)``.
        bs (list of lists): ``bs[i] = [b_0, b_1]``, each ``(N,)``.
        xs (list of :class:`~chainer.Variable`): Inputs ``xs[t]`` of shape ``(B_t, I)`` with
            ``B_t`` non-increasing (see :func:`~chainer.functions.transpose_sequence`).
        activation (str): ``'tanh'`` or ``'relu'``.

    Returns:
        tuple: ``(hy, ys)``: the last hidden states ``(n_layers, B, N)`` and the list of
        outputs ``ys[t]`` of shape ``(B_t, N)``.

    .. admonition:: Example

        >>> n_layers, in_size, units = 1, 2, 3
        >>> ws = [[np.full((units, in_size), 0.5, np.float32),  # input weights
        ...        np.zeros((units, units), np.float32)]]  # hidden weights
        >>> bs = [[np.zeros(units, np.float32), np.zeros(units, np.float32)]]
        >>> xs = [np.ones((2, in_size), np.float32),
        ...       np.ones((1, in_size), np.float32)]  # time major: sequences of lengths 2 and 1
        >>> hx = np.zeros((n_layers, 2, units), np.float32)
        >>> hy, ys = F.n_step_rnn(n_layers, 0.0, hx, ws, bs, xs, activation='relu')
        >>> hy.array
        array([[[1., 1., 1.],
                [1., 1., 1.]]], dtype=float32)
        >>> [y.shape for y in ys]
        [(2, 3), (1, 3)]
    """
    return n_step_rnn_base(n_layers, dropout_ratio, hx, ws, bs, xs, activation, False,
                           **kwargs)


def n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh', **kwargs):
    """n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh')

    Stacked bi-directional Elman RNN.

    Same as :func:`n_step_rnn` with two directions per layer: ``hx`` is
    ``(2 * n_layers, B, N)``, ``ws[2 * layer + di]`` / ``bs[2 * layer + di]`` hold the
    weights of direction ``di`` (0: forward, 1: backward), the input of layers after the
    first has ``2N`` features, and ``ys[t]`` is ``(B_t, 2N)`` (forward then backward).

    Returns:
        tuple: ``(hy, ys)``.

    .. admonition:: Example

        >>> n_layers, in_size, units = 1, 2, 3
        >>> ws = [[np.full((units, in_size), 0.5, np.float32),
        ...        np.zeros((units, units), np.float32)] for direction in range(2)]
        >>> bs = [[np.zeros(units, np.float32), np.zeros(units, np.float32)]
        ...       for direction in range(2)]
        >>> xs = [np.ones((2, in_size), np.float32),
        ...       np.ones((1, in_size), np.float32)]  # time major: sequences of lengths 2 and 1
        >>> hx = np.zeros((2 * n_layers, 2, units), np.float32)
        >>> hy, ys = F.n_step_birnn(n_layers, 0.0, hx, ws, bs, xs)
        >>> hy.shape
        (2, 2, 3)
        >>> [y.shape for y in ys]
        [(2, 6), (1, 6)]
    """
    return n_step_rnn_base(n_layers, dropout_ratio, hx, ws, bs, xs, activation, True,
                           **kwargs)
