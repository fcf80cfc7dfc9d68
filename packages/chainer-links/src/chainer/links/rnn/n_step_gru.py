"""Stacked GRUs over lists of sequences: ``NStepGRU`` and ``NStepBiGRU``."""
from chainer.links.rnn import n_step_rnn


class NStepGRUBase(n_step_rnn.NStepRNNBase):
    """Base of the stacked GRU links: 6 weights and biases per layer and direction.

    ``w0``..``w2`` act on the input and ``w3``..``w5`` on the hidden state, for the reset
    gate, update gate and candidate in this order (see :func:`~chainer.functions.n_step_gru`).
    Arguments as in :class:`~chainer.links.rnn.n_step_rnn.NStepRNNBase`.
    """

    n_weights = 6
    n_cells = n_step_rnn._HIDDEN_STATE_ONLY


class NStepGRU(NStepGRUBase):
    """Stacked uni-directional GRU for sequences: ``hy, ys = link(hx, xs)``.

    The sequences may come in any order and lengths; the link sorts and transposes them for
    :func:`~chainer.functions.n_step_gru` and returns the outputs in the input order.

    Args:
        n_layers (int): Number of layers.
        in_size (int): Input size.
        out_size (int): Number of units.
        dropout (float): Dropout ratio.
        initialW: Initializer of the weights (default: LeCun normal).
        initial_bias: Initializer of the biases (default: 0).
    """

    use_bi_direction = False
    rnn = n_step_rnn._rnn_calling('n_step_gru')


class NStepBiGRU(NStepGRUBase):
    """Stacked bi-directional GRU for sequences: ``hy, ys = link(hx, xs)``.

    As :class:`NStepGRU` with :func:`~chainer.functions.n_step_bigru`: ``hx`` has
    ``2 * n_layers`` rows and the outputs ``2 * out_size`` features.
    """

    use_bi_direction = True
    rnn = n_step_rnn._rnn_calling('n_step_bigru')
