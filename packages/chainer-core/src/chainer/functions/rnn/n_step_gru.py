"""Stacked (bi-directional) GRU over variable-length sequences (``n_step_gru``)."""
from chainer.functions.rnn import n_step_rnn
from chainer.functions.rnn._cudnn_rnn import NStepBiGRU  # noqa: F401 (v7's path)
from chainer.functions.rnn._cudnn_rnn import NStepGRU  # noqa: F401


class _GRUCell:

    def __init__(self, w, b):
        import chainer.functions as F
        self.xw = F.concat([w[0], w[1], w[2]], axis=0)
        self.hw = F.concat([w[3], w[4], w[5]], axis=0)
        self.xb = F.concat([b[0], b[1], b[2]], axis=0)
        self.hb = F.concat([b[3], b[4], b[5]], axis=0)

    def step(self, xw, h, c):
        import chainer.functions as F
        x_r, x_z, x_n = F.split_axis(xw, 3, axis=1)
        h_r, h_z, h_n = F.split_axis(F.linear(h, self.hw, self.hb), 3, axis=1)
        r = F.sigmoid(x_r + h_r)
        z = F.sigmoid(x_z + h_z)
        h_bar = F.tanh(x_n + r * h_n)
        return (1 - z) * h_bar + z * h, None


def n_step_gru_base(n_layers, dropout_ratio, hx, ws, bs, xs, use_bi_direction, **kwargs):
    """Base function of :func:`n_step_gru` and :func:`n_step_bigru`.

    Returns:
        tuple: ``(hy, ys)``.
    """
    n_step_rnn._check_kwargs(kwargs)
    hy, _, ys = n_step_rnn.n_step_rnn_impl(
        _GRUCell, n_layers, dropout_ratio, hx, None, ws, bs, xs, use_bi_direction)
    return hy, ys


def n_step_gru(n_layers, dropout_ratio, hx, ws, bs, xs, **kwargs):
    """n_step_gru(n_layers, dropout_ratio, hx, ws, bs, xs)

    Stacked uni-directional GRU over sequences of variable length:

    .. math::
        r_t = \\sigma(W_0 x_t + W_3 h_{t-1} + b_0 + b_3),\\
        z_t = \\sigma(W_1 x_t + W_4 h_{t-1} + b_1 + b_4),\\
        h'_t = \\tanh(W_2 x_t + b_2 + r_t (W_5 h_{t-1} + b_5)),\\
        h_t = (1 - z_t) h'_t + z_t h_{t-1}

    Args:
        n_layers (int): Number of layers.
        dropout_ratio (float): Dropout ratio for the inputs of every layer but the first
            (only in training mode).
        hx (:class:`~chainer.Variable`): Initial hidden states ``(n_layers, B, N)``.
        ws (list of lists): ``ws[i]`` holds 6 matrices; ``ws[0][0:3]`` are ``(N, I)``, all
            others ``(N, N)``.
        bs (list of lists): ``bs[i]`` holds 6 vectors of shape ``(N,)``.
        xs (list of :class:`~chainer.Variable`): Inputs ``xs[t]`` of shape ``(B_t, I)`` with
            ``B_t`` non-increasing.

    Returns:
        tuple: ``(hy, ys)``.

    .. admonition:: Example

        >>> n_layers, in_size, units = 1, 2, 3
        >>> ws = [[np.full((units, in_size if i < 3 else units), 0.1, np.float32)
        ...        for i in range(6)]]  # per layer: 3 input and 3 hidden weight matrices
        >>> bs = [[np.zeros(units, np.float32) for i in range(6)]]
        >>> xs = [np.ones((2, in_size), np.float32), np.ones((2, in_size), np.float32),
        ...       np.ones((1, in_size), np.float32)]  # time major: sequences of lengths 3 and 2
        >>> hx = np.zeros((n_layers, 2, units), np.float32)
        >>> hy, ys = F.n_step_gru(n_layers, 0.0, hx, ws, bs, xs)
        >>> hy.shape
        (1, 2, 3)
        >>> [y.shape for y in ys]
        [(2, 3), (2, 3), (1, 3)]
    """
    return n_step_gru_base(n_layers, dropout_ratio, hx, ws, bs, xs, False, **kwargs)


def n_step_bigru(n_layers, dropout_ratio, hx, ws, bs, xs, **kwargs):
    """n_step_bigru(n_layers, dropout_ratio, hx, ws, bs, xs)

    Stacked bi-directional GRU.

    Same as :func:`n_step_gru` with two directions per layer: ``hx`` is
    ``(2 * n_layers, B, N)``, ``ws[2 * layer + di]`` holds the weights of direction ``di``,
    ``ws[i][0:3]`` of layers after the first are ``(N, 2N)``, and ``ys[t]`` is ``(B_t, 2N)``.

    Returns:
        tuple: ``(hy, ys)``.

    .. admonition:: Example

        >>> n_layers, in_size, units = 1, 2, 3
        >>> ws = [[np.full((units, in_size if i < 3 else units), 0.1, np.float32)
        ...        for i in range(6)] for direction in range(2)]
        >>> bs = [[np.zeros(units, np.float32) for i in range(6)] for direction in range(2)]
        >>> xs = [np.ones((2, in_size), np.float32), np.ones((2, in_size), np.float32),
        ...       np.ones((1, in_size), np.float32)]  # time major: sequences of lengths 3 and 2
        >>> hx = np.zeros((2 * n_layers, 2, units), np.float32)
        >>> hy, ys = F.n_step_bigru(n_layers, 0.0, hx, ws, bs, xs)
        >>> hy.shape
        (2, 2, 3)
        >>> [y.shape for y in ys]
        [(2, 6), (2, 6), (1, 6)]
    """
    return n_step_gru_base(n_layers, dropout_ratio, hx, ws, bs, xs, True, **kwargs)
