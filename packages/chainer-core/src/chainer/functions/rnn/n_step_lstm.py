"""Stacked (bi-directional) LSTM over variable-length sequences (``n_step_lstm``)."""
from chainer.functions.rnn import n_step_rnn
from chainer.functions.rnn._cudnn_rnn import NStepBiLSTM  # noqa: F401 (v7's path)
from chainer.functions.rnn._cudnn_rnn import NStepLSTM  # noqa: F401


class _LSTMCell:
    # Gate weights: 0/4 input, 1/5 forget, 2/6 cell candidate, 3/7 output (cuDNN order).

    def __init__(self, w, b):
        order = (2, 0, 1, 3)   # chainer.functions.lstm wants (a, i, f, o) per unit
        self.xw = n_step_rnn._stack_weight([w[i] for i in order])
        self.hw = n_step_rnn._stack_weight([w[i + 4] for i in order])
        self.xb = n_step_rnn._stack_weight([b[i] for i in order])
        self.hb = n_step_rnn._stack_weight([b[i + 4] for i in order])

    def step(self, xw, h, c):
        import chainer.functions as F
        c, h = F.lstm(c, xw + F.linear(h, self.hw, self.hb))
        return h, c


def n_step_lstm_base(n_layers, dropout_ratio, hx, cx, ws, bs, xs, use_bi_direction,
                     **kwargs):
    """Base function of :func:`n_step_lstm` and :func:`n_step_bilstm`.

    Returns:
        tuple: ``(hy, cy, ys)``.
    """
    n_step_rnn._check_kwargs(kwargs)
    n_step_rnn._check_input_size(xs, ws)
    return n_step_rnn.n_step_rnn_impl(
        _LSTMCell, n_layers, dropout_ratio, hx, cx, ws, bs, xs, use_bi_direction)


def n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, **kwargs):
    """n_step_lstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs)

    Stacked uni-directional LSTM over sequences of variable length:

    .. math::
        i_t = \\sigma(W_0 x_t + W_4 h_{t-1} + b_0 + b_4),\\
        f_t = \\sigma(W_1 x_t + W_5 h_{t-1} + b_1 + b_5),\\
        a_t = \\tanh(W_2 x_t + W_6 h_{t-1} + b_2 + b_6),\\
        o_t = \\sigma(W_3 x_t + W_7 h_{t-1} + b_3 + b_7),\\
        c_t = f_t c_{t-1} + i_t a_t,\\ h_t = o_t \\tanh(c_t)

    (the gate order of cuDNN, which the weights of :class:`~chainer.links.NStepLSTM` follow).

    Args:
        n_layers (int): Number of layers.
        dropout_ratio (float): Dropout ratio for the inputs of every layer but the first
            (only in training mode).
        hx (:class:`~chainer.Variable`): Initial hidden states ``(n_layers, B, N)``.
        cx (:class:`~chainer.Variable`): Initial cell states ``(n_layers, B, N)``.
        ws (list of lists): ``ws[i]`` holds 8 matrices; ``ws[0][0:4]`` are ``(N, I)``, all
            others ``(N, N)``.
        bs (list of lists): ``bs[i]`` holds 8 vectors of shape ``(N,)``.
        xs (list of :class:`~chainer.Variable`): Inputs ``xs[t]`` of shape ``(B_t, I)`` with
            ``B_t`` non-increasing (see :func:`~chainer.functions.transpose_sequence`).

    Returns:
        tuple: ``(hy, cy, ys)``: last hidden and cell states ``(n_layers, B, N)`` and the
        outputs ``ys[t]`` of shape ``(B_t, N)``.

    .. admonition:: Example

        >>> n_layers, in_size, units = 1, 2, 3
        >>> ws = [[np.full((units, in_size if i < 4 else units), 0.1, np.float32)
        ...        for i in range(8)]]  # per layer: 4 input and 4 hidden weight matrices
        >>> bs = [[np.zeros(units, np.float32) for i in range(8)]]
        >>> xs = [np.ones((2, in_size), np.float32), np.ones((2, in_size), np.float32),
        ...       np.ones((1, in_size), np.float32)]  # time major: sequences of lengths 3 and 2
        >>> hx = np.zeros((n_layers, 2, units), np.float32)  # (layers, batch, units)
        >>> cx = np.zeros_like(hx)
        >>> hy, cy, ys = F.n_step_lstm(n_layers, 0.0, hx, cx, ws, bs, xs)
        >>> hy.shape, cy.shape
        ((1, 2, 3), (1, 2, 3))
        >>> [y.shape for y in ys]  # the last layer's output at every time step
        [(2, 3), (2, 3), (1, 3)]
    """
    return n_step_lstm_base(n_layers, dropout_ratio, hx, cx, ws, bs, xs, False, **kwargs)


def n_step_bilstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs, **kwargs):
    """n_step_bilstm(n_layers, dropout_ratio, hx, cx, ws, bs, xs)

    Stacked bi-directional LSTM.

    Same as :func:`n_step_lstm` with two directions per layer: ``hx``/``cx`` are
    ``(2 * n_layers, B, N)``, ``ws[2 * layer + di]`` holds the weights of direction ``di``
    (0: forward, 1: backward), ``ws[i][0:4]`` of layers after the first are ``(N, 2N)``, and
    ``ys[t]`` is ``(B_t, 2N)`` (forward then backward).

    Returns:
        tuple: ``(hy, cy, ys)``.

    .. admonition:: Example

        >>> n_layers, in_size, units = 1, 2, 3
        >>> ws = [[np.full((units, in_size if i < 4 else units), 0.1, np.float32)
        ...        for i in range(8)] for direction in range(2)]  # forward, then backward
        >>> bs = [[np.zeros(units, np.float32) for i in range(8)] for direction in range(2)]
        >>> xs = [np.ones((2, in_size), np.float32), np.ones((2, in_size), np.float32),
        ...       np.ones((1, in_size), np.float32)]  # time major: sequences of lengths 3 and 2
        >>> hx = np.zeros((2 * n_layers, 2, units), np.float32)
        >>> cx = np.zeros_like(hx)
        >>> hy, cy, ys = F.n_step_bilstm(n_layers, 0.0, hx, cx, ws, bs, xs)
        >>> hy.shape, cy.shape
        ((2, 2, 3), (2, 2, 3))
        >>> [y.shape for y in ys]  # both directions' outputs, concatenated
        [(2, 6), (2, 6), (1, 6)]
    """
    return n_step_lstm_base(n_layers, dropout_ratio, hx, cx, ws, bs, xs, True, **kwargs)
